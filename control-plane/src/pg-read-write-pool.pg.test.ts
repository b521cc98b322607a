/** @jest-environment node */
// The registry pool over a multi-host URL whose first host is down: it finds the one that answers
// (npm run test:pg, with TEST_DATABASE_URL).
import { type AddressInfo, createServer } from 'node:net';
import { readWritePool } from './pg-read-write-pool.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });

describe('readWritePool', () => {
  it('skips a host that is down and writes on the next one', async () => {
    const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
    const url = new URL(databaseUrl);
    const dead = await freePort();
    const multi = databaseUrl.replace(url.host, `127.0.0.1:${dead},${url.host}`);
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
