// The transaction-PIN verifier: a small process of its own that holds the PIN keys and answers
// "match" or "no match", the software stand-in for a payment HSM
// (docs/decisions/030-transaction-pins-checked-by-a-keyed-verifier.md). The middleware starts it
// (src/security/pin-verifier.ts) and talks to it over stdin/stdout, one JSON object per line; the
// keys are read here from PIN_KEY_FILE (or PIN_KEYS in development) and never sent anywhere, so the
// middleware's memory, logs and database never hold them. It limits its own rate (wrong PINs per
// stored record, comparisons per second overall) and logs to stderr. Run on its own with
// PIN_VERIFIER_SOCKET=<path> (`npm run pin-verifier` in middleware/, as an OS user of its own that
// alone can read the key file), it listens on that Unix socket instead, the same protocol per
// connection, and the middleware connects to it. Plain JS (not TS) so the same
// file runs under tsx, jest and from dist without a loader.
//
// Record: pinmac$v=<key version>$<salt b64>$<mac b64>, mac = HMAC-SHA256(key, label ‖ 0 ‖ subject
// ‖ 0 ‖ salt ‖ PIN) where subject is the user id: a record copied onto another user does not verify.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';

const LABEL = Buffer.from('ajo-wallet transaction PIN');
const SALT_BYTES = 16;
const MAC_BYTES = 32;
const MIN_KEY_BYTES = 32;
const RECORD = /^pinmac\$v=(\d{1,6})\$([A-Za-z0-9+/]{22}==)\$([A-Za-z0-9+/]{43}=)$/;

const positive = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
/** Wrong PINs answered for one stored record per window; beyond, refused unseen. */
const MISSES_PER_RECORD = positive('PIN_VERIFIER_MISSES', 20);
const MISS_WINDOW_MS = positive('PIN_VERIFIER_MISS_WINDOW', 3600) * 1000;
/** Comparisons per second overall (a token bucket holding one second's worth). */
const RATE = positive('PIN_VERIFIER_RATE', 5000);

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];
const threshold = Math.max(0, LEVELS.indexOf(process.env.PIN_VERIFIER_LOG_LEVEL ?? 'info'));

function log(level, msg, fields = {}) {
  if (LEVELS.indexOf(level) < threshold) return;
  process.stderr.write(
    `${JSON.stringify({ level, time: Date.now(), component: 'pin-verifier', pid: process.pid, msg, ...fields })}\n`,
  );
}

/** Lines `<version>:<base64 key>`; '#' starts a comment. The highest version signs new records. */
function loadKeys() {
  const file = process.env.PIN_KEY_FILE;
  const text = file ? readFileSync(file, 'utf8') : (process.env.PIN_KEYS ?? '');
  const keys = new Map();
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) continue;
    const match = /^(\d{1,6}):([A-Za-z0-9+/=_-]+)$/.exec(line);
    if (!match) throw new Error('a PIN key line must read <version>:<base64 key>');
    const key = Buffer.from(match[2], 'base64');
    if (key.length < MIN_KEY_BYTES) throw new Error(`PIN key ${match[1]} is under 32 bytes`);
    if (keys.has(Number(match[1]))) throw new Error(`PIN key ${match[1]} is listed twice`);
    keys.set(Number(match[1]), key);
  }
  if (keys.size === 0) throw new Error('no PIN key: set PIN_KEY_FILE');
  return { keys, current: Math.max(...keys.keys()) };
}

let keys;
try {
  keys = loadKeys();
} catch (error) {
  log('fatal', error instanceof Error ? error.message : 'cannot read the PIN keys');
  process.exit(78);
}
// Nothing else in this process needs them: the keys stay here only.
delete process.env.PIN_KEYS;

const mac = (key, subject, salt, pin) =>
  createHmac('sha256', key)
    .update(Buffer.concat([LABEL, Buffer.of(0), Buffer.from(subject), Buffer.of(0), salt]))
    .update(pin)
    .digest();

/** A short name for a record in logs and the miss counts; not reversible to the PIN. */
const fingerprint = (record) => createHash('sha256').update(record).digest('hex').slice(0, 16);

const misses = new Map();
let tokens = RATE;
let refilled = Date.now();
const counts = { verified: 0, matched: 0, missed: 0, refused: 0, busy: 0, hashed: 0 };

function takeToken() {
  const now = Date.now();
  tokens = Math.min(RATE, tokens + ((now - refilled) / 1000) * RATE);
  refilled = now;
  if (tokens < 1) return false;
  tokens -= 1;
  return true;
}

function missesOf(id, now) {
  const entry = misses.get(id);
  if (!entry || now - entry.since >= MISS_WINDOW_MS) return null;
  return entry;
}

const isText = (value, max) => typeof value === 'string' && value.length > 0 && value.length <= max;

function answer(request) {
  const { id, op, pin, subject } = request;
  if (!isText(pin, 64) || !isText(subject, 128) || subject.includes('\0')) {
    return { id, error: 'bad request' };
  }
  if (op === 'hash') {
    counts.hashed += 1;
    const salt = randomBytes(SALT_BYTES);
    const key = keys.keys.get(keys.current);
    const tag = mac(key, subject, salt, pin);
    return {
      id,
      record: `pinmac$v=${keys.current}$${salt.toString('base64')}$${tag.toString('base64')}`,
      current: keys.current,
    };
  }
  if (op !== 'verify' || typeof request.record !== 'string') return { id, error: 'bad request' };
  const parsed = RECORD.exec(request.record);
  const key = parsed && keys.keys.get(Number(parsed[1]));
  if (!parsed || !key) {
    log('warn', 'record not readable or its key is gone', { record: fingerprint(request.record) });
    return { id, match: false, current: keys.current };
  }
  const now = Date.now();
  const record = fingerprint(request.record);
  const missed = missesOf(record, now);
  if (missed && missed.count >= MISSES_PER_RECORD) {
    counts.refused += 1;
    // Once per record and window: the counts say how many followed.
    if (!missed.logged) {
      missed.logged = true;
      log('warn', 'wrong PINs for this record at the limit: refused unseen', { record });
    }
    return { id, match: false, refused: true, current: keys.current };
  }
  if (!takeToken()) {
    if (counts.busy === 0) log('warn', 'over the rate: answered busy', { rate: RATE });
    counts.busy += 1;
    return { id, busy: true };
  }
  counts.verified += 1;
  const tag = Buffer.from(parsed[3], 'base64');
  const match =
    tag.length === MAC_BYTES &&
    timingSafeEqual(mac(key, subject, Buffer.from(parsed[2], 'base64'), pin), tag);
  if (match) {
    counts.matched += 1;
  } else {
    counts.missed += 1;
    if (missed) missed.count += 1;
    else misses.set(record, { since: now, count: 1, logged: false });
  }
  return { id, match, current: keys.current };
}

// Counts once a minute when anything happened; expired miss windows are dropped at the same time.
setInterval(() => {
  const now = Date.now();
  for (const [id, entry] of misses) if (now - entry.since >= MISS_WINDOW_MS) misses.delete(id);
  if (Object.values(counts).some((n) => n > 0)) {
    log('info', 'counts', { ...counts, tracked: misses.size });
    for (const name of Object.keys(counts)) counts[name] = 0;
  }
}, 60_000).unref();

const readyLine = `${JSON.stringify({ ready: true, current: keys.current, versions: [...keys.keys.keys()] })}\n`;

/** Answers every request line of `input` on `output`. */
function serve(input, output) {
  const lines = createInterface({ input, crlfDelay: Infinity });
  lines.on('line', (line) => {
    let request;
    try {
      request = JSON.parse(line);
    } catch {
      log('warn', 'unreadable request line');
      return;
    }
    if (typeof request !== 'object' || request === null || typeof request.id !== 'number') return;
    output.write(`${JSON.stringify(answer(request))}\n`);
  });
  return lines;
}

const socketPath = process.env.PIN_VERIFIER_SOCKET;
if (socketPath) {
  rmSync(socketPath, { force: true });
  const server = createServer((connection) => {
    connection.on('error', () => {});
    connection.write(readyLine);
    serve(connection, connection);
  });
  // Owner and group only: the middleware's user is given the socket's group, nobody else.
  const oldMask = process.umask(0o117);
  server.listen(socketPath, () => {
    process.umask(oldMask);
    chmodSync(socketPath, 0o660);
    log('info', 'listening', { socket: socketPath, current: keys.current });
  });
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} else {
  process.stdout.write(readyLine);
  log('debug', 'started', { current: keys.current, versions: [...keys.keys.keys()] });
  // The middleware went away (stdin closed): so does its verifier.
  serve(process.stdin, process.stdout).on('close', () => process.exit(0));
}
