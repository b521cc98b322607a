import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { FolderInUseError, migrateToLatest, openDatabase, type AppDatabase } from './index.js';

// Embedded-engine behaviour, independent of TEST_DATABASE_URL: these always run on PGlite.
describe('embedded PGlite', () => {
  let dir: string;
  let dataDir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'ajo-pglite-'));
    dataDir = path.join(dir, 'pglite');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps committed data across a close and reopen, and migrations stay idempotent', async () => {
    const first = await openDatabase({ dataDir });
    await migrateToLatest(first.db);
    await first.db
      .insertInto('outbox')
      .values({ channel: 'sms', recipient: 'persist', body: 'kept' })
      .execute();
    await first.close();

    const second = await openDatabase({ dataDir });
    const again = await migrateToLatest(second.db);
    expect(again.results).toEqual([]);
    const rows = await second.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', 'persist')
      .execute();
    expect(rows).toEqual([{ body: 'kept' }]);
    await second.close();
  });

  it('runs with the 16 MB of shared buffers it needs, on a fresh folder and on reopening', async () => {
    const fresh = path.join(dir, 'fresh');
    for (let open = 0; open < 2; open += 1) {
      const database = await openDatabase({ dataDir: fresh });
      const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(
        database.db,
      );
      expect(rows).toEqual([{ shared_buffers: '16MB' }]);
      await database.close();
    }
    expect(existsSync(path.join(fresh, 'PG_VERSION'))).toBe(true);
  });

  describe('while the folder is open', () => {
    let open: AppDatabase;
    beforeAll(async () => {
      open = await openDatabase({ dataDir });
    });
    afterAll(() => open.close());

    it('refuses a second open in the same process with a clear message', async () => {
      const attempt = openDatabase({ dataDir });
      await expect(attempt).rejects.toBeInstanceOf(FolderInUseError);
      await expect(attempt).rejects.toThrow(
        `Database folder ${dataDir} is in use by another process (pid ${process.pid})`,
      );
    });

    it('refuses another process with a clear message', () => {
      const script = path.join(dir, 'second-process.mjs');
      const lockModule = path.resolve(
        path.dirname(fileURLToPath(import.meta.url)),
        'folder-lock.ts',
      );
      writeFileSync(
        script,
        `const { lockDataFolder } = await import(${JSON.stringify(lockModule)});
         try { lockDataFolder(${JSON.stringify(dataDir)}); console.log('locked'); }
         catch (e) { console.log(e.message); process.exit(3); }`,
      );
      const packageDir = path.resolve(path.dirname(lockModule), '..', '..');
      const child = spawnSync(process.execPath, ['--import', 'tsx', script], {
        encoding: 'utf8',
        cwd: packageDir,
      });
      expect(child.stderr).toBe('');
      expect(child.status).toBe(3);
      expect(child.stdout).toContain(
        `Database folder ${dataDir} is in use by another process (pid ${process.pid})`,
      );
    });

    it('keeps the event loop free while a heavy query runs in the worker', async () => {
      let ticks = 0;
      const timer = setInterval(() => ticks++, 5);
      const started = Date.now();
      await sql`select count(*) from generate_series(1, 3000000) a cross join lateral (select md5(a::text)) b`.execute(
        open.db,
      );
      const elapsed = Date.now() - started;
      clearInterval(timer);
      expect(elapsed).toBeGreaterThan(100); // the query really was heavy
      // On the main thread a synchronous query would let the interval fire at most once, at the end.
      expect(ticks).toBeGreaterThan(5);
    });
  });

  it('fails loudly instead of hanging when a transaction queries through db instead of trx', async () => {
    const database = await openDatabase({ dataDir: 'memory://', pgliteAcquireTimeoutMs: 200 });
    try {
      await expect(
        database.db.transaction().execute(async () => {
          await sql`select 1`.execute(database.db);
        }),
      ).rejects.toThrow('Is a query inside a transaction using `db` instead of its `trx`?');
      // The connection is usable again afterwards.
      expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([
        { one: 1 },
      ]);
    } finally {
      await database.close();
    }
  });

  it('releases the lock on close and takes over a stale lock left by a dead process', async () => {
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    writeFileSync(`${dataDir}.lock`, '999999999');
    const reopened = await openDatabase({ dataDir });
    expect((await sql<{ one: number }>`select 1 as one`.execute(reopened.db)).rows).toEqual([
      { one: 1 },
    ]);
    await reopened.close();
  });
});
