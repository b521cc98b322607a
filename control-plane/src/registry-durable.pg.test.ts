/** @jest-environment node */
// Never acknowledge what is not durable, on PostgreSQL (registry-durable-suite.ts): run by
// `npm run test:pg` with TEST_DATABASE_URL.
import { durabilitySuite } from './registry-durable-suite.js';
import { postgresRegistry } from './registry-pg-test-support.js';

const registry = postgresRegistry('registry-durable.pg.test.ts');

describe('the registry on PostgreSQL: never acknowledges what is not durable', () => {
  durabilitySuite({ open: () => registry.open(), tmp: registry.tmp });
});
