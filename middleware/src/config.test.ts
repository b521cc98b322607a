import { ConfigError, loadConfig, parseDuration } from './config.js';
import { defaultHashThreads } from './security/secret-hash-pool.js';

describe('loadConfig', () => {
  it('runs locally with safe defaults and sandbox providers', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3001,
      production: false,
      providers: 'sandbox',
      database: { url: undefined, poolMax: 10 },
      jwt: { ttlSeconds: 3600 },
      secrets: { scryptCost: 131072 },
      appCheck: { enforce: false },
      bodyLimit: 1048576,
    });
    expect(config.database.pgliteDir).toMatch(/\.data[/\\]pglite$/);
    expect(config.fileStorage).toEqual({ kind: 'database' });
  });

  it('runs PIN hashing in a pool of its own by default (cores - 1, 1 to 4), 0 opting out', () => {
    const defaults = loadConfig({}).secrets;
    expect(defaults.hashThreads).toBe(defaultHashThreads());
    expect(defaults.hashThreads).toBeGreaterThanOrEqual(1);
    expect(defaults.hashQueue).toBe(64);
    expect(loadConfig({ PIN_HASH_THREADS: '3', PIN_HASH_QUEUE: '0' }).secrets).toMatchObject({
      hashThreads: 3,
      hashQueue: 0,
    });
    expect(loadConfig({ PIN_HASH_THREADS: '0' }).secrets.hashThreads).toBeUndefined();
    expect(() => loadConfig({ PIN_HASH_THREADS: '-1' })).toThrow(/PIN_HASH_THREADS/);
    expect(() => loadConfig({ PIN_HASH_QUEUE: 'many' })).toThrow(
      /PIN_HASH_QUEUE must be a whole number/,
    );
  });

  it('names the variable and the bad value in its message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(
      /PORT must be a whole number \(got 'eighty'\)/,
    );
    expect(() => loadConfig({ TOKEN_TTL: 'soon' })).toThrow(
      /TOKEN_TTL must be a duration like 3600, 15m or 1h/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL must be a postgres/,
    );
    expect(() => loadConfig({ APP_CHECK_ENFORCE: 'maybe' })).toThrow(
      /APP_CHECK_ENFORCE must be true or false/,
    );
  });

  it('takes a DATABASE_URL with several hosts and the database timeouts, never echoing the URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://ajo:pw@10.0.0.1:5432,10.0.0.2:5432/ajo',
      DATABASE_CONNECT_TIMEOUT: '2',
      DATABASE_STATEMENT_TIMEOUT: '1m',
    });
    expect(config.database).toMatchObject({
      url: 'postgres://ajo:pw@10.0.0.1:5432,10.0.0.2:5432/ajo',
      connectTimeoutSeconds: 2,
      statementTimeoutSeconds: 60,
      idleInTransactionTimeoutSeconds: 60,
    });
    expect(() => loadConfig({ DATABASE_URL: 'postgres://ajo:hunter22@h1,/ajo' })).toThrow(
      /DATABASE_URL host 2 of 2 must be host or host:port \(got '\*\*\*'\)/,
    );
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT: '0' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT must be a duration/,
    );
  });

  it('lists every problem at once and never echoes a secret', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: '70000', JWT_SECRET: 'short-secret' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      "PORT must be at most 65535 (got '70000')",
      "JWT_SECRET must be at least 16 characters long (got '***')",
    ]);
  });

  it('has no metrics endpoint unless asked; refuses a short metrics token without echoing it', () => {
    expect(loadConfig({}).metrics).toEqual({ host: '127.0.0.1' });
    expect(
      loadConfig({
        HOST: '0.0.0.0',
        METRICS_PORT: '9464',
        METRICS_TOKEN: 'operator-token-16+chars',
      }).metrics,
    ).toEqual({ port: 9464, host: '0.0.0.0', token: 'operator-token-16+chars' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics.host).toBe(
      '10.0.0.5',
    );
    let error: unknown;
    try {
      loadConfig({ METRICS_PORT: '0', METRICS_TOKEN: 'short-token' });
    } catch (e) {
      error = e;
    }
    expect((error as ConfigError).problems).toEqual([
      "METRICS_PORT must be at least 1 (got '0')",
      "METRICS_TOKEN must be at least 16 characters long (got '***')",
    ]);
  });

  it('refuses sandbox providers and development secrets in production mode', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /PROVIDERS=sandbox is refused in production mode/,
    );
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(
      /JWT_SECRET must be set in production mode/,
    );
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(
      /PIN_KEY_FILE or PIN_VERIFIER_SOCKET must be set in production mode/,
    );
  });

  it('parses durations in seconds, minutes, hours and days', () => {
    expect([
      parseDuration('90'),
      parseDuration('15m'),
      parseDuration('1h'),
      parseDuration('2d'),
    ]).toEqual([90, 900, 3600, 172800]);
    expect(parseDuration('1 week')).toBeUndefined();
  });
});
