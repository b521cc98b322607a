import { isCi, pgliteEnvironment, postgresRequired } from './test-databases.cjs';

describe('the databases of the middleware test runs', () => {
  it('runs the PGlite pass without TEST_DATABASE_URL, whatever the shell had, keeping the rest', () => {
    const shell = {
      TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
      PATH: '/usr/bin',
      CI: 'true',
    };
    const env = pgliteEnvironment(shell);
    expect(env).toEqual({ PATH: '/usr/bin', CI: 'true' });
    expect('TEST_DATABASE_URL' in env).toBe(false);
    // The shell's own environment is left as it was (the PostgreSQL pass reads it afterwards).
    expect(shell.TEST_DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/postgres');
    expect(pgliteEnvironment({ TEST_DATABASE_URL: '' })).toEqual({});
  });

  it('fails without PostgreSQL binaries under CI=true or REQUIRE_POSTGRES=1, and only warns otherwise', () => {
    expect(postgresRequired({ CI: 'true' })).toBe(true);
    expect(postgresRequired({ CI: '1' })).toBe(true);
    expect(postgresRequired({ REQUIRE_POSTGRES: '1' })).toBe(true);
    expect(postgresRequired({ CI: 'false', REQUIRE_POSTGRES: '1' })).toBe(true);
    expect(postgresRequired({})).toBe(false);
    expect(postgresRequired({ CI: '' })).toBe(false);
    expect(postgresRequired({ CI: 'false' })).toBe(false);
    expect(postgresRequired({ CI: '0', REQUIRE_POSTGRES: '0' })).toBe(false);
    expect([isCi({ CI: 'TRUE' }), isCi({ CI: ' 0 ' })]).toEqual([true, false]);
  });
});
