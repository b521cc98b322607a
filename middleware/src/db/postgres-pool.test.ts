import {
  isDatabaseUnavailable,
  isTransientConflict,
  NoWritableDatabaseError,
  ReadOnlyHostError,
  splitHostUrls,
} from './postgres-pool.js';
import { startupDelayMs, waitForDatabase } from './wait-for-database.js';

describe('splitHostUrls (libpq multi-host DATABASE_URL)', () => {
  it('keeps a single-host URL as it is', () => {
    expect(splitHostUrls('postgres://ajo:pw@db.example.com:5432/ajo?sslmode=require')).toEqual([
      'postgres://ajo:pw@db.example.com:5432/ajo?sslmode=require',
    ]);
  });

  it('gives one URL per host, in order, with the same user, database and options', () => {
    expect(
      splitHostUrls(
        'postgresql://ajo:p%40ss@10.0.0.1:5432,10.0.0.2,[::1]:6000/ajo?target_session_attrs=read-write&application_name=mw',
      ),
    ).toEqual([
      'postgresql://ajo:p%40ss@10.0.0.1:5432/ajo?application_name=mw',
      'postgresql://ajo:p%40ss@10.0.0.2/ajo?application_name=mw',
      'postgresql://ajo:p%40ss@[::1]:6000/ajo?application_name=mw',
    ]);
  });

  it('refuses what is not a usable URL, without repeating it (it may hold a password)', () => {
    const bad = [
      ['mysql://u:secretpw@x/db', /postgres:\/\//],
      ['postgres://u:secretpw@h1:5432,,h3/db', /host 2 of 3/],
      ['postgres://u:secretpw@h1:99999/db', /host or host:port/],
      ['postgres://u:secretpw@h1,h2/db?target_session_attrs=read-only', /read-write/],
      ['postgres://u:secretpw@/db', /must name one host or several/],
    ] as const;
    for (const [url, message] of bad) {
      let error: Error | undefined;
      try {
        splitHostUrls(url);
      } catch (e) {
        error = e as Error;
      }
      expect([url, error?.message]).toEqual([url, expect.stringMatching(message)]);
      expect(error?.message).not.toContain('secretpw');
    }
  });
});

describe('isDatabaseUnavailable', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('knows a database that is gone, going, starting or read-only', () => {
    const unavailable = [
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('Client has encountered a connection error and is not queryable'),
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('25006', 'cannot execute INSERT in a read-only transaction'),
      withCode('57014', 'canceling statement due to statement timeout'),
      new ReadOnlyHostError('h2:5432'),
      new NoWritableDatabaseError(withCode('ECONNREFUSED')),
      new Error('migration failed', { cause: withCode('57P01') }),
      new AggregateError([withCode('ECONNREFUSED')], 'connect failed'),
    ];
    for (const error of unavailable)
      expect([error.message, isDatabaseUnavailable(error)]).toEqual([error.message, true]);
  });

  it('leaves a fault of the request or the code alone (those stay 4xx or 500)', () => {
    const faults: unknown[] = [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('42P01', 'relation "x" does not exist'),
      withCode('28P01', 'password authentication failed'),
      withCode('40001', 'could not serialize access'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      'Connection terminated',
      null,
    ];
    for (const error of faults) expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('isTransientConflict', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('knows a transaction rolled back for a deadlock or a serialization conflict', () => {
    for (const error of [
      withCode('40P01', 'deadlock detected'),
      withCode('40001', 'could not serialize access due to concurrent update'),
      new Error('transfer failed', { cause: withCode('40P01') }),
    ])
      expect([error.message, isTransientConflict(error)]).toEqual([error.message, true]);
  });

  it('is not an unreachable database (the claim of a money call is released, not kept)', () => {
    expect(isDatabaseUnavailable(withCode('40P01', 'deadlock detected'))).toBe(false);
    for (const error of [withCode('23505'), withCode('57P01'), new Error('deadlock'), null])
      expect(isTransientConflict(error)).toBe(false);
  });
});

describe('waitForDatabase', () => {
  it('waits out a database that is not there yet, backing off, then goes on', async () => {
    const slept: number[] = [];
    let calls = 0;
    const result = await waitForDatabase(
      async () => {
        calls += 1;
        if (calls < 5)
          throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        return 'migrated';
      },
      { isTransient: isDatabaseUnavailable, sleep: async (ms) => void slept.push(ms) },
    );
    expect(result).toBe('migrated');
    expect(slept).toEqual([500, 1000, 2000, 4000]);
    expect(startupDelayMs(10)).toBe(10_000);
  });

  it('throws at once what waiting cannot fix (a wrong password, a broken migration)', async () => {
    const slept: number[] = [];
    const wrong = Object.assign(new Error('password authentication failed'), { code: '28P01' });
    await expect(
      waitForDatabase(() => Promise.reject(wrong), {
        isTransient: isDatabaseUnavailable,
        sleep: async (ms) => void slept.push(ms),
      }),
    ).rejects.toBe(wrong);
    expect(slept).toEqual([]);
  });
});
