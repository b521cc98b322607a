import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { DEV_ENCRYPTION_SECRET } from '../config.js';
import { migrateToLatest, type Database } from '../db/index.js';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../errors.js';
import { createLedger, nairaToKobo } from '../ledger/index.js';
import { issuedIds, requestCard, revealCard } from '../modules/cards/cards-test-kit.js';
import type { Customer } from '../modules/funding/funding-test-kit.js';
import { httpTarget, type ApiTarget } from '../test-support/http-target.js';
import {
  havePostgres,
  loadClusterScript,
  withDatabase as withClusterDatabase,
  type Cluster,
  type ClusterScript,
} from '../test-support/pg-cluster.js';
import { seedFundedCustomer } from '../test-support/seeded-customer.js';
import { startMiddlewareProcess, type ServerProcess } from '../test-support/server-process.js';

/*
 * The sandbox card network's authorisations (POST /api/sandbox/card-network/authorize) while
 * PostgreSQL is stopped for ten seconds (`pg_ctl stop -m immediate`: connections cut, some
 * mid-transaction) and started again. Required: while it is down the network hears a clear
 * refusal, 503 {message}, never an approval and never a 500; within 10 s of the restart
 * authorisations are approved again; the network's retries of the refused references (the same
 * reference, as a network retries) are answered once; and afterwards no hold is without its
 * authorisation nor an authorisation without its hold, and the wallet's held money is the sum of
 * its open holds.
 */
const DOWN_SECONDS = 10;
const SEED_NAIRA = 50_000;
const AMOUNT_NAIRA = 10;
let script: ClusterScript;
let cluster: Cluster;
let dataDir: string;
let server: ServerProcess;
let ada: Customer;

const withDatabase = <T>(run: (db: Kysely<Database>) => Promise<T>) =>
  withClusterDatabase(cluster.url, run);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (what: string, done: () => boolean | Promise<boolean>, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(50);
  }
};

const describeWithPostgres = havePostgres ? describe : describe.skip;
if (!havePostgres) console.warn('card-authorisation-restart.pg.test.ts skipped: no PostgreSQL');

describeWithPostgres('card authorisations while PostgreSQL is stopped for ten seconds', () => {
  beforeAll(async () => {
    script = await loadClusterScript();
    cluster = await script.startThrowawayCluster('ajo-card-restart-', { durable: true });
    dataDir = mkdtempSync(path.join(tmpdir(), 'ajo-card-restart-mw-'));
    await withDatabase(async (db) => {
      await migrateToLatest(db);
      ada = await seedFundedCustomer(db, {
        phone: '2348090000401',
        naira: SEED_NAIRA,
        kycTier: 3,
      });
    });
    server = await startMiddlewareProcess('card-restart', {
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.url,
      DATABASE_CONNECT_TIMEOUT: '2',
      SCRYPT_COST: '1024',
      RATE_LIMIT_MAX: '100000',
    });
  }, 180_000);

  afterAll(async () => {
    await server?.kill();
    try {
      cluster?.stop();
    } catch {
      // Already stopped (a failed run between the stop and the start); the folder is removed.
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses clearly while down, approves again after, and leaves every hold with its authorisation', async () => {
    const target: ApiTarget = httpTarget(server.url, DEV_ENCRYPTION_SECRET);
    const requested = await requestCard(target, ada);
    expect(requested.status).toBe(201);
    const card = await revealCard(target, ada.auth, issuedIds(requested).virtual);

    interface Sent {
      reference: string;
      status: number;
      body: Record<string, unknown>;
      sentAt: number;
    }
    const sent: Sent[] = [];
    const authorize = async (reference: string) => {
      const res = await target.app.inject({
        method: 'POST',
        url: '/api/sandbox/card-network/authorize',
        payload: {
          network_reference: reference,
          card_number: card.number,
          expiry: card.expiry,
          amount: AMOUNT_NAIRA,
          merchant: 'Shoprite Lekki',
        },
      });
      return { status: res.statusCode, body: res.json() as Record<string, unknown> };
    };
    let running = true;
    const network = (async () => {
      for (let n = 0; running; n++) {
        const reference = `restart-auth-${n}`;
        const sentAt = Date.now();
        const answer = await authorize(reference);
        sent.push({ reference, sentAt, ...answer });
        // A refused network waits a little before its next message (the test's clock is real).
        if (answer.status === 503) await pause(250);
      }
    })();
    const approved = () => sent.filter((s) => s.status === 200 && s.body.response_code === '00');

    let stoppedAt = 0;
    let restartedAt = 0;
    try {
      await until('authorisations approved before the stop', () => approved().length >= 5);
      script.stopCluster(cluster.dir, 'immediate');
      stoppedAt = Date.now();
      await pause(DOWN_SECONDS * 1000);
      await script.startCluster(cluster.dir, cluster.port, { durable: true });
      restartedAt = Date.now();
      await until(
        'an authorisation approved after the restart',
        () => approved().some((s) => s.sentAt > restartedAt),
        10_000,
      );
    } finally {
      running = false;
      await network;
    }
    const firstAfter = approved().find((s) => s.sentAt > restartedAt) as Sent;
    console.log(
      `card authorisations: ${sent.length} sent, ${approved().length} approved, ` +
        `${sent.filter((s) => s.status === 503).length} answered 503; first approval sent ` +
        `${(firstAfter.sentAt - restartedAt) / 1000} s after the restart`,
    );

    // Every answer is an approval or a clear refusal: never a 500, never one without a message.
    expect(sent.filter((s) => s.status !== 200 && s.status !== 503)).toEqual([]);
    for (const s of sent.filter((x) => x.status === 503)) {
      expect(s.body).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE });
    }
    expect(sent.filter((s) => s.status === 200 && s.body.response_code !== '00')).toEqual([]);
    // While it was down (sent a moment after the stop, answered before the restart), no approval.
    const whileDown = sent.filter(
      (s) => s.sentAt > stoppedAt + 500 && s.sentAt < restartedAt - DOWN_SECONDS * 100,
    );
    expect(whileDown.length).toBeGreaterThan(0);
    expect(whileDown.filter((s) => s.status !== 503)).toEqual([]);

    // The network retries each refused reference: answered once, its money reserved once.
    for (const s of sent.filter((x) => x.status === 503)) {
      const again = await authorize(s.reference);
      expect([again.status, again.body.response_code]).toEqual([200, '00']);
      const repeat = await authorize(s.reference);
      expect(repeat).toEqual(again);
    }

    await withDatabase(async (db) => {
      const orphans = await sql<{ what: string; reference: string }>`
        select 'hold without authorisation' as what, h.reference from ledger_holds h
          where not exists (select 1 from card_transactions c where c.hold_reference = h.reference)
        union all
        select 'authorisation without open hold', c.network_reference from card_transactions c
          where c.state = 'authorised' and not exists (
            select 1 from ledger_holds h where h.reference = c.hold_reference
              and h.status = 'open' and h.amount_kobo = c.amount_kobo)`.execute(db);
      expect(orphans.rows).toEqual([]);
      const perReference = await sql<{ n: number }>`
        select count(*)::int as n from card_transactions where network_reference like 'restart-auth-%'`.execute(
        db,
      );
      expect(Number(perReference.rows[0]?.n)).toBe(sent.length);
      const account = await createLedger(db).getAccount(ada.main);
      const open = await sql<{ kobo: string }>`
        select coalesce(sum(amount_kobo), 0) as kobo from ledger_holds
          where account_id = (select id from ledger_accounts where account_number = ${ada.main})
            and status = 'open'`.execute(db);
      expect(account.heldKobo).toBe(Number(open.rows[0]?.kobo));
      expect(account.heldKobo).toBe(sent.length * nairaToKobo(AMOUNT_NAIRA));
      expect(account.availableKobo).toBeGreaterThanOrEqual(0);
    });
    expect(server.output()).not.toMatch(/uncaught|unhandled 'error'/i);
    expect(server.child.exitCode).toBeNull();
  }, 180_000);
});
