import { FakeClock } from '../test-support/auth-test-kit.js';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../test-support/test-database.js';
import {
  createJobQueue,
  exponentialBackoff,
  GiveUp,
  RetryLater,
  scheduleBackoff,
  type JobQueue,
  type JobQueueOptions,
  type Timers,
} from './queue.js';

interface LogLine {
  level: string;
  obj: object;
  msg?: string;
}

/** Timers the test fires by hand. */
function manualTimers() {
  const pending = new Map<number, { fn: () => void; ms: number; repeat: boolean }>();
  let next = 1;
  const timers: Timers = {
    setTimeout: (fn, ms) => (pending.set(next, { fn, ms, repeat: false }), next++),
    clearTimeout: (h) => void pending.delete(h as number),
    setInterval: (fn, ms) => (pending.set(next, { fn, ms, repeat: true }), next++),
    clearInterval: (h) => void pending.delete(h as number),
  };
  const fire = (repeat: boolean) => {
    for (const [handle, t] of [...pending]) {
      if (t.repeat !== repeat) continue;
      if (!repeat) pending.delete(handle);
      t.fn();
    }
  };
  return { timers, pending, fire };
}

/** A promise the test resolves when it wants. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe(`job queue on ${testDatabaseKind()}`, () => {
  let database: TestDatabase;
  const clock = new FakeClock();
  const logs: LogLine[] = [];
  const log = {
    info: (obj: object, msg?: string) => logs.push({ level: 'info', obj, msg }),
    warn: (obj: object, msg?: string) => logs.push({ level: 'warn', obj, msg }),
    error: (obj: object, msg?: string) => logs.push({ level: 'error', obj, msg }),
  };
  let kindCounter = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const queue = (options: Partial<JobQueueOptions> = {}): JobQueue =>
    createJobQueue({ db: database.db, clock, log, leaseSeconds: 60, ...options });
  /** A kind name no other test uses, so each test sees only its own jobs. */
  const freshKind = () => `test.kind-${++kindCounter}`;

  it('runs a due job once and records it as succeeded', async () => {
    const jobs = queue();
    const seen: unknown[] = [];
    const kind = freshKind();
    const enqueue = jobs.define<{ n: number }>({
      kind,
      handle: async (payload, ctx) => {
        seen.push({ payload, attempt: ctx.attempt, now: ctx.now() });
      },
    });
    const job = await enqueue({ n: 1 });
    expect(job).toMatchObject({ created: true, state: 'queued' });
    expect(await jobs.runDue()).toEqual({ succeeded: 1, retried: 0, dead: 0 });
    expect(await jobs.runDue()).toEqual({ succeeded: 0, retried: 0, dead: 0 });
    expect(seen).toEqual([{ payload: { n: 1 }, attempt: 1, now: clock.now() }]);
    expect(await jobs.get(job.id)).toMatchObject({
      state: 'succeeded',
      attempts: 1,
      last_error: null,
      locked_by: null,
      finished_at: clock.now(),
    });
  });

  it('waits for run_at on the injected clock', async () => {
    const jobs = queue();
    let runs = 0;
    const kind = freshKind();
    const enqueue = jobs.define({ kind, handle: async () => void runs++ });
    await enqueue({}, { delaySeconds: 60 });
    await enqueue({}, { runAt: new Date(clock.now().getTime() + 120_000) });
    await jobs.runDue();
    expect(runs).toBe(0);
    clock.advance(60);
    await jobs.runDue();
    expect(runs).toBe(1);
    clock.advance(60);
    await jobs.runDue();
    expect(runs).toBe(2);
  });

  it('queues a dedupe key once, however often and however concurrently it is enqueued', async () => {
    const jobs = queue();
    let runs = 0;
    const kind = freshKind();
    const enqueue = jobs.define({ kind, handle: async () => void runs++ });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => enqueue({}, { dedupeKey: 'transfer-42' })),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    await jobs.runDue();
    expect(await enqueue({}, { dedupeKey: 'transfer-42' })).toMatchObject({
      created: false,
      state: 'succeeded',
    });
    await jobs.runDue();
    expect(runs).toBe(1);
    // The same key under another kind is another job.
    const other = jobs.define({ kind: freshKind(), handle: async () => undefined });
    expect((await other({}, { dedupeKey: 'transfer-42' })).created).toBe(true);
  });

  it('enqueues inside the caller transaction: a rollback leaves no job', async () => {
    const jobs = queue();
    const kind = freshKind();
    const enqueue = jobs.define({ kind, handle: async () => undefined });
    await expect(
      database.db.transaction().execute(async (trx) => {
        await enqueue({}, { trx });
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(await jobs.list({ kind })).toEqual([]);
    await database.db.transaction().execute((trx) => enqueue({}, { trx }));
    expect(await jobs.list({ kind })).toHaveLength(1);
  });

  it('retries a failing job after its back-off, then marks it dead and calls onDead once', async () => {
    const jobs = queue();
    const kind = freshKind();
    const attempts: number[] = [];
    const dead: Array<{ payload: unknown; error: string; attempt: number }> = [];
    const enqueue = jobs.define<{ ref: string }>({
      kind,
      maxAttempts: 3,
      backoff: scheduleBackoff([10, 60]),
      handle: async (_payload, ctx) => {
        attempts.push(ctx.attempt);
        throw new Error(`provider timeout ${ctx.attempt}`);
      },
      onDead: async (payload, ctx) => {
        dead.push({ payload, error: ctx.error, attempt: ctx.attempt });
      },
    });
    const { id } = await enqueue({ ref: 'r1' });
    expect(await jobs.runDue()).toEqual({ succeeded: 0, retried: 1, dead: 0 });
    const failed = await jobs.get(id);
    expect(failed).toMatchObject({
      state: 'failed',
      attempts: 1,
      last_error: 'Error: provider timeout 1',
      run_at: new Date(clock.now().getTime() + 10_000),
      locked_by: null,
    });
    clock.advance(9);
    await jobs.runDue();
    expect(attempts).toEqual([1]);
    clock.advance(1);
    await jobs.runDue();
    expect(attempts).toEqual([1, 2]);
    expect((await jobs.get(id))?.run_at).toEqual(new Date(clock.now().getTime() + 60_000));
    clock.advance(60);
    expect(await jobs.runDue()).toEqual({ succeeded: 0, retried: 0, dead: 1 });
    expect(await jobs.get(id)).toMatchObject({
      state: 'dead',
      attempts: 3,
      last_error: 'Error: provider timeout 3',
    });
    expect(dead).toEqual([
      { payload: { ref: 'r1' }, error: 'Error: provider timeout 3', attempt: 3 },
    ]);
    clock.advance(3600);
    await jobs.runDue();
    expect(attempts).toEqual([1, 2, 3]);
    expect(logs.some((l) => l.level === 'error' && l.msg === 'job is dead')).toBe(true);
  });

  it('gives back the attempt of a job whose database went away (a failover), even its last', async () => {
    const jobs = queue();
    const kind = freshKind();
    const seen: number[] = [];
    const enqueue = jobs.define<{ ref: string }>({
      kind,
      maxAttempts: 1,
      handle: async (_payload, ctx) => {
        seen.push(ctx.attempt);
        if (seen.length === 1) throw new Error('Connection terminated unexpectedly');
        if (seen.length === 2)
          throw Object.assign(new Error('terminating connection due to administrator command'), {
            code: '57P01',
          });
      },
    });
    const { id } = await enqueue({ ref: 'r1' });
    expect(await jobs.runDue()).toEqual({ succeeded: 0, retried: 1, dead: 0 });
    expect(await jobs.get(id)).toMatchObject({
      state: 'failed',
      attempts: 0,
      last_error: 'Error: Connection terminated unexpectedly',
      run_at: new Date(clock.now().getTime() + 5000),
    });
    clock.advance(5);
    expect(await jobs.runDue()).toEqual({ succeeded: 0, retried: 1, dead: 0 });
    clock.advance(5);
    expect(await jobs.runDue()).toEqual({ succeeded: 1, retried: 0, dead: 0 });
    expect(seen).toEqual([1, 1, 1]);
    expect(await jobs.get(id)).toMatchObject({ state: 'succeeded', attempts: 1 });

    // A statement timeout may be the job's own slow query: it counts, and the last attempt is dead.
    const slowKind = freshKind();
    const slow = jobs.define<{ ref: string }>({
      kind: slowKind,
      maxAttempts: 1,
      handle: async () => {
        throw Object.assign(new Error('canceling statement due to statement timeout'), {
          code: '57014',
        });
      },
    });
    const stuck = await slow({ ref: 'r2' });
    expect(await jobs.runDue()).toEqual({ succeeded: 0, retried: 0, dead: 1 });
    expect(await jobs.get(stuck.id)).toMatchObject({ state: 'dead', attempts: 1 });
  });

  it('retries at least a second later, even when RetryLater asks for a time already past (no spinning)', async () => {
    const jobs = queue();
    let runs = 0;
    const enqueue = jobs.define({
      kind: freshKind(),
      backoff: () => 0,
      handle: async () => {
        runs += 1;
        throw new RetryLater('status 09', new Date(clock.now().getTime() - 60_000));
      },
    });
    const { id } = await enqueue({});
    expect(await jobs.runDue()).toEqual({ succeeded: 0, retried: 1, dead: 0 });
    expect(runs).toBe(1);
    expect(await jobs.get(id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      run_at: new Date(clock.now().getTime() + 1000),
    });
  });

  it('honours RetryLater(at) and goes dead at once on GiveUp', async () => {
    const jobs = queue();
    const later = freshKind();
    const at = new Date(clock.now().getTime() + 45_000);
    let runs = 0;
    const retry = jobs.define({
      kind: later,
      handle: async () => {
        runs += 1;
        if (runs === 1) throw new RetryLater('status 09: in progress', at);
      },
    });
    const { id } = await retry({});
    await jobs.runDue();
    expect(await jobs.get(id)).toMatchObject({ state: 'failed', run_at: at });
    clock.advance(45);
    await jobs.runDue();
    expect(await jobs.get(id)).toMatchObject({ state: 'succeeded', attempts: 2 });

    let deadCalls = 0;
    const giveUp = jobs.define({
      kind: freshKind(),
      maxAttempts: 10,
      handle: async () => {
        throw new GiveUp('no such transfer');
      },
      onDead: async () => void deadCalls++,
    });
    const hopeless = await giveUp({});
    await jobs.runDue();
    expect(await jobs.get(hopeless.id)).toMatchObject({
      state: 'dead',
      attempts: 1,
      last_error: 'GiveUp: no such transfer',
    });
    expect(deadCalls).toBe(1);
  });

  it('gives a job whose instance stopped answering to another instance once the lease runs out', async () => {
    const kind = freshKind();
    const calls: string[] = [];
    const aStuck = gate();
    const bBusy = gate();
    const a = queue({ instanceId: 'instance-a' });
    const b = queue({ instanceId: 'instance-b' });
    const enqueue = a.define({
      kind,
      handle: async (_p, ctx) => {
        calls.push(`a:${ctx.attempt}`);
        await aStuck.opened;
      },
    });
    b.define({
      kind,
      handle: async (_p, ctx) => {
        calls.push(`b:${ctx.attempt}`);
        await bBusy.opened;
      },
    });
    const { id } = await enqueue({});
    const settle = () => new Promise((r) => setImmediate(r));

    const aRun = a.runDue();
    while (calls.length === 0) await settle();
    expect(await a.get(id)).toMatchObject({ state: 'running', locked_by: 'instance-a' });
    clock.advance(59);
    await b.runDue();
    expect(calls).toEqual(['a:1']);
    clock.advance(1);
    const bRun = b.runDue();
    while (calls.length === 1) await settle();
    expect(calls).toEqual(['a:1', 'b:2']);

    // Instance a wakes up while b holds the job: a's outcome is fenced off and changes nothing.
    aStuck.open();
    expect(await aRun).toEqual({ succeeded: 0, retried: 0, dead: 0 });
    expect(await a.get(id)).toMatchObject({
      state: 'running',
      attempts: 2,
      locked_by: 'instance-b',
    });
    expect(logs.some((l) => l.msg?.startsWith('job lease lost'))).toBe(true);
    bBusy.open();
    expect(await bRun).toEqual({ succeeded: 1, retried: 0, dead: 0 });
    expect(await b.get(id)).toMatchObject({ state: 'succeeded', attempts: 2, locked_by: null });
  });

  it('fences off a late outcome when the same instance re-claimed its own job after the lease ran out', async () => {
    // Only the attempt number tells the two attempts apart: the same instance holds both, so the
    // holder's name alone would let the first attempt record the job as done while the second runs.
    const kind = freshKind();
    const manual = manualTimers();
    const first = gate();
    const second = gate();
    const started: number[] = [];
    const jobs = queue({ instanceId: 'stalls-and-reclaims', timers: manual.timers });
    const enqueue = jobs.define({
      kind,
      handle: async (_p, ctx) => {
        started.push(ctx.attempt);
        await (ctx.attempt === 1 ? first : second).opened;
      },
    });
    const { id } = await enqueue({});
    const settle = () => new Promise((r) => setImmediate(r));

    const firstRun = jobs.runDue();
    while (started.length === 0) await settle();
    // No heartbeat fires (the manual timers never do): the lease runs out after 60 s.
    clock.advance(60);
    const secondRun = jobs.runDue();
    while (started.length === 1) await settle();
    expect(started).toEqual([1, 2]);
    expect(await jobs.get(id)).toMatchObject({
      state: 'running',
      attempts: 2,
      locked_by: 'stalls-and-reclaims',
    });

    const lostBefore = logs.filter((l) => l.msg?.startsWith('job lease lost')).length;
    first.open();
    expect(await firstRun).toEqual({ succeeded: 0, retried: 0, dead: 0 });
    expect(await jobs.get(id)).toMatchObject({
      state: 'running',
      attempts: 2,
      locked_by: 'stalls-and-reclaims',
      finished_at: null,
    });
    const lost = logs.filter((l) => l.msg?.startsWith('job lease lost'));
    expect(lost).toHaveLength(lostBefore + 1);
    expect(lost.at(-1)?.obj).toEqual({ jobId: id, kind, attempt: 1 });

    second.open();
    expect(await secondRun).toEqual({ succeeded: 1, retried: 0, dead: 0 });
    expect(await jobs.get(id)).toMatchObject({ state: 'succeeded', attempts: 2, locked_by: null });
  });

  it('keeps the lease while the handler runs (heartbeat)', async () => {
    const kind = freshKind();
    const manual = manualTimers();
    const slow = gate();
    let started = false;
    const a = queue({ instanceId: 'heartbeat-a', timers: manual.timers });
    const b = queue({ instanceId: 'heartbeat-b' });
    const enqueue = a.define({
      kind,
      handle: async () => {
        started = true;
        await slow.opened;
      },
    });
    let bRuns = 0;
    b.define({ kind, handle: async () => void bRuns++ });
    const { id } = await enqueue({});
    const aRun = a.runDue();
    while (!started) await new Promise((r) => setImmediate(r));
    expect([...manual.pending.values()]).toEqual([
      expect.objectContaining({ ms: 20_000, repeat: true }),
    ]);
    clock.advance(50);
    manual.fire(true);
    // The renewal is one UPDATE; wait until it landed.
    const renewedUntil = new Date(clock.now().getTime() + 60_000).getTime();
    while (((await a.get(id))?.locked_until?.getTime() ?? 0) !== renewedUntil)
      await new Promise((r) => setImmediate(r));
    clock.advance(50); // 100 s after the claim, 50 s after the renewal
    await b.runDue();
    expect(bRuns).toBe(0);
    slow.open();
    expect(await aRun).toEqual({ succeeded: 1, retried: 0, dead: 0 });
    expect(manual.pending.size).toBe(0);
  });

  it('marks dead a job whose instance died during its last attempt', async () => {
    const kind = freshKind();
    const a = queue({ instanceId: 'dies' });
    const never = new Promise<void>(() => undefined);
    let aStarted = false;
    const enqueue = a.define({
      kind,
      maxAttempts: 1,
      handle: async () => {
        aStarted = true;
        await never;
      },
    });
    const deadErrors: string[] = [];
    const b = queue({ instanceId: 'survivor' });
    let bRuns = 0;
    b.define({
      kind,
      maxAttempts: 1,
      handle: async () => void bRuns++,
      onDead: async (_p, ctx) => void deadErrors.push(ctx.error),
    });
    const { id } = await enqueue({});
    void a.runDue();
    while (!aStarted) await new Promise((r) => setImmediate(r));
    clock.advance(61);
    expect(await b.runDue()).toEqual({ succeeded: 0, retried: 0, dead: 1 });
    expect(bRuns).toBe(0);
    expect(await b.get(id)).toMatchObject({ state: 'dead', attempts: 1 });
    expect(deadErrors).toEqual([
      'The instance running the last attempt stopped before finishing it.',
    ]);
  });

  it('runs a recurring job once per interval across instances', async () => {
    const kind = freshKind();
    let runs = 0;
    const instances = [queue(), queue()];
    for (const jobs of instances) {
      jobs.define({ kind, handle: async () => void runs++ });
      jobs.every(kind, 600);
    }
    await Promise.all(instances.map((q) => q.runDue()));
    await Promise.all(instances.map((q) => q.runDue()));
    expect(runs).toBe(1);
    clock.advance(600);
    await Promise.all(instances.map((q) => q.runDue()));
    expect(runs).toBe(2);
  });

  it('leaves alone the kinds it does not know (a newer release’s jobs) and refuses to enqueue them', async () => {
    const kind = freshKind();
    const newer = queue();
    const older = queue();
    const enqueue = newer.define({ kind, handle: async () => undefined });
    const { id } = await enqueue({});
    await older.runDue();
    expect(await older.get(id)).toMatchObject({ state: 'queued', attempts: 0 });
    await expect(older.enqueue(kind, {})).rejects.toThrow(`Unknown job kind ${kind}`);
    expect(() => newer.define({ kind, handle: async () => undefined })).toThrow(/defined twice/);
  });

  it('runs at most `concurrency` jobs at once', async () => {
    const kind = freshKind();
    const jobs = queue({ concurrency: 2 });
    let inFlight = 0;
    let most = 0;
    const enqueue = jobs.define({
      kind,
      handle: async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setImmediate(r));
        inFlight -= 1;
      },
    });
    for (let i = 0; i < 5; i++) await enqueue({ i });
    expect(await jobs.runDue()).toMatchObject({ succeeded: 5 });
    expect(most).toBe(2);
  });

  it('polls on its timer until stopped, and stop() waits for the jobs in hand', async () => {
    const kind = freshKind();
    const manual = manualTimers();
    const jobs = queue({ timers: manual.timers, pollIntervalSeconds: 3 });
    const slow = gate();
    let done = 0;
    const enqueue = jobs.define({
      kind,
      handle: async () => {
        await slow.opened;
        done += 1;
      },
    });
    await enqueue({});
    jobs.start();
    expect([...manual.pending.values()]).toEqual([
      expect.objectContaining({ ms: 3000, repeat: false }),
    ]);
    manual.fire(false);
    const stopping = jobs.stop();
    let stopped = false;
    void stopping.then(() => (stopped = true));
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false);
    slow.open();
    await stopping;
    expect(done).toBe(1);
    // No poll scheduled after stop (the heartbeat interval is cleared too).
    expect(manual.pending.size).toBe(0);
  });

  it('refuses a recurring interval under a second and an unknown kind; knows no unknown job', async () => {
    const jobs = queue();
    const kind = freshKind();
    jobs.define({ kind, handle: async () => undefined });
    expect(() => jobs.every(kind, 0.5)).toThrow('A recurring job needs an interval of 1 s or more');
    const unknown = freshKind();
    expect(() => jobs.every(unknown, 60)).toThrow(`Unknown job kind ${unknown}`);
    expect(() => jobs.every(kind, 1)).not.toThrow();
    expect(await jobs.get('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('schedules the next poll after each poll, so the poller keeps running', async () => {
    const manual = manualTimers();
    const jobs = queue({ timers: manual.timers, pollIntervalSeconds: 3 });
    let runs = 0;
    const enqueue = jobs.define({ kind: freshKind(), handle: async () => void runs++ });
    jobs.start();
    for (let poll = 1; poll <= 2; poll++) {
      await enqueue({});
      manual.fire(false);
      // The poll runs the job, then sets the next timer (a poller that stopped never does: the
      // test's time limit ends the wait).
      while (runs < poll || manual.pending.size === 0) await new Promise((r) => setImmediate(r));
      expect(runs).toBe(poll);
      expect([...manual.pending.values()]).toEqual([
        expect.objectContaining({ ms: 3000, repeat: false }),
      ]);
    }
    await jobs.stop();
    expect(manual.pending.size).toBe(0);
  }, 10_000);

  it('backs off exponentially up to a ceiling by default', () => {
    const backoff = exponentialBackoff();
    expect([1, 2, 3, 4, 8, 20].map(backoff)).toEqual([30, 60, 120, 240, 3600, 3600]);
    expect([1, 2, 3, 4].map(scheduleBackoff([60, 120, 300]))).toEqual([60, 120, 300, 300]);
  });
});
