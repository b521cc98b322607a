/** @jest-environment node */
// Two app servers on one PostgreSQL registry (REGISTRY_DATABASE_URL), as on several machines:
// registry-concurrency-suite.ts. Run by `npm run test:pg` with TEST_DATABASE_URL, in a
// database of its own so the other registry tests on that server cannot interleave with it.
import pg from 'pg';
import { twoAppServersOnOneRegistry } from './registry-concurrency-suite.js';

const DATABASE = 'ajo_registry_concurrency';

twoAppServersOnOneRegistry({
  where: 'PostgreSQL',
  async database() {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('registry-concurrency.pg.test.ts needs TEST_DATABASE_URL');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${DATABASE}`);
    } finally {
      await client.end();
    }
    const own = new URL(url);
    own.pathname = `/${DATABASE}`;
    return own.toString();
  },
});
