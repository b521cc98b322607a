/** @jest-environment node */
// Mount-check verdicts in the registry database, on PostgreSQL (registry-mount-verdicts-suite.ts):
// run by `npm run test:pg` with TEST_DATABASE_URL.
import { mountVerdictSuite } from './registry-mount-verdicts-suite.js';
import { postgresRegistry } from './registry-pg-test-support.js';

const registry = postgresRegistry('registry-mount-verdicts.pg.test.ts');

describe('mount-check verdicts on PostgreSQL', () => {
  mountVerdictSuite({
    open: (mountCheck, options) => registry.open({ ...options, mountCheck }),
    tmp: registry.tmp,
  });
});
