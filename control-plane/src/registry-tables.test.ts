/** @jest-environment node */
// The PostgreSQL tests start each test from an empty registry by dropping REGISTRY_TABLES: a table
// the schema gains and that list misses would carry one test's rows into the next.
import { PG_SCHEMA } from './registry/sql.js';
import { REGISTRY_TABLES } from './registry-pg-test-support.js';

it('drops every table the registry creates before each PostgreSQL test', () => {
  const created = [...PG_SCHEMA.matchAll(/CREATE TABLE IF NOT EXISTS (\w+)/g)].map((m) => m[1]);
  expect(created.length).toBeGreaterThan(6);
  expect([...REGISTRY_TABLES].sort()).toEqual([...created].sort());
});
