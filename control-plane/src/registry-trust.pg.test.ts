/** @jest-environment node */
// What a remote may go back to, on PostgreSQL (registry-trust-suite.ts): run by `npm run test:pg`
// with TEST_DATABASE_URL, in a database of its own so the other registry tests on that server
// cannot interleave with it.
import pg from 'pg';
import { emptyRegistry } from './registry-pg-test-support.js';
import { trustSuite } from './registry-trust-suite.js';

const DATABASE = 'ajo_registry_trust';
let own: string | undefined;

async function sql(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('registry-trust.pg.test.ts needs TEST_DATABASE_URL');
  await sql(url, `DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await sql(url, `CREATE DATABASE ${DATABASE}`);
  const address = new URL(url);
  address.pathname = `/${DATABASE}`;
  own = address.toString();
});

trustSuite(
  () => own,
  () => emptyRegistry(own!),
);
