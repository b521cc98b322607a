/** @jest-environment node */
/* global describe, it, expect */
// The registry pool over a multi-host URL whose first host is down: it finds the one that answers
// (npm run test:pg in host, with TEST_DATABASE_URL).
import { createServer } from 'node:net';
import { readWritePool } from './pg-read-write-pool.js';

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

describe('readWritePool', () => {
  it('skips a host that is down and writes on the next one', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL);
    const dead = await freePort();
    const multi = process.env.TEST_DATABASE_URL.replace(url.host, `127.0.0.1:${dead},${url.host}`);
    const pool = readWritePool(multi, { max: 2 });
    try {
      const { rows } = await pool.query("select current_setting('transaction_read_only') as ro");
      expect(rows).toEqual([{ ro: 'off' }]);
      const client = await pool.connect();
      client.release();
    } finally {
      await pool.end();
    }
  });
});
