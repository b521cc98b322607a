// Which database the middleware's test runs use (docs/architecture.md "The middleware": the suite
// runs on embedded PGlite and on PostgreSQL). Shared by `npm test` (scripts/test.mjs) and the
// middleware's own `npm test` (middleware/scripts/test-both-databases.mjs), and tested here.

/**
 * The environment of a PGlite run: the given one without TEST_DATABASE_URL. The test database
 * helper runs on PostgreSQL whenever that variable is set, so a URL left in the shell would turn
 * the PGlite pass into a second PostgreSQL pass and the embedded store would go untested.
 */
function pgliteEnvironment(env) {
  const copy = { ...env };
  delete copy.TEST_DATABASE_URL;
  return copy;
}

/** CI=true (or 1, or any value but false/0), as CI services set it. */
function isCi(env) {
  const value = (env.CI ?? '').trim().toLowerCase();
  return value !== '' && value !== 'false' && value !== '0';
}

/**
 * Whether a test run without PostgreSQL binaries fails rather than only warning: on CI a run that
 * silently skipped PostgreSQL would pass while testing half of what it claims; REQUIRE_POSTGRES=1
 * asks for the same anywhere.
 */
function postgresRequired(env) {
  return env.REQUIRE_POSTGRES === '1' || isCi(env);
}

module.exports = { isCi, pgliteEnvironment, postgresRequired };
