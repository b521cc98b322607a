import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../errors.js';
import { listeningVerifier } from '../test-support/pin-verifier-process.js';
import { PinVerifier, type PinVerifierOptions } from './pin-verifier.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'ajo-pin-keys-'));
const verifiers: PinVerifier[] = [];
afterAll(async () => {
  await Promise.all(verifiers.map((v) => v.close()));
  rmSync(dir, { recursive: true, force: true });
});

const newKey = () => randomBytes(32).toString('base64');
const KEY_1 = `1:${newKey()}`;
const KEY_2 = `2:${newKey()}`;

/** A key file as an operator writes it: one `<version>:<base64>` line per key. */
function keyFile(...lines: string[]): string {
  const file = path.join(dir, `${randomUUID()}.keys`);
  writeFileSync(file, `# transaction-PIN keys\n${lines.join('\n')}\n`, { mode: 0o600 });
  return file;
}

const verifier = (options: PinVerifierOptions) => {
  const made = new PinVerifier(options);
  verifiers.push(made);
  return made;
};

const ada = randomUUID();
const bola = randomUUID();

describe('the transaction-PIN verifier', () => {
  const v = verifier({ keyFile: keyFile(KEY_1) });

  it('answers match for the right PIN and no match for a wrong one', async () => {
    const record = await v.hash('246810', ada);
    expect(record).toMatch(/^pinmac\$v=1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(record).not.toContain('246810');
    await expect(v.verify('246810', ada, record)).resolves.toBe(true);
    await expect(v.verify('246811', ada, record)).resolves.toBe(false);
    await expect(v.verify('24681', ada, record)).resolves.toBe(false);
  });

  it('salts every record, and a record verifies only for the user it was made for', async () => {
    const [a, b] = await Promise.all([v.hash('246810', ada), v.hash('246810', ada)]);
    expect(a).not.toBe(b);
    // An insider copying a record whose PIN they know onto another user gains nothing.
    await expect(v.verify('246810', bola, a)).resolves.toBe(false);
  });

  it('answers no match, never an error, for a tampered, unknown or malformed record or input', async () => {
    const record = await v.hash('135790', ada);
    const [head, salt, tag] = record.split('$').slice(1);
    const flipped = `${tag?.startsWith('A') ? 'B' : 'A'}${tag?.slice(1)}`;
    for (const bad of [
      `pinmac$${head}$${salt}$${flipped}`,
      `pinmac$v=9$${salt}$${tag}`,
      'pinmac$v=1$AAAA$AAAA',
      'pinmac$',
    ]) {
      await expect(v.verify('135790', ada, bad)).resolves.toBe(false);
    }
    await expect(v.verify('', ada, record)).resolves.toBe(false);
    await expect(v.verify('135790', '', record)).resolves.toBe(false);
    await expect(v.verify('1'.repeat(10_000), ada, record)).resolves.toBe(false);
    await expect(v.verify('135790', ada, record)).resolves.toBe(true);
  });

  it('keeps its key to itself: the process gets no other environment and the middleware never reads the file', async () => {
    process.env.AJO_TEST_OTHER_SECRET = 'not-for-the-verifier';
    const file = keyFile(KEY_1);
    const own = verifier({ keyFile: file });
    try {
      await own.hash('1234', ada);
      const environ = readFileSync(`/proc/${own.pid}/environ`, 'utf8').split('\0');
      expect(environ.filter(Boolean)).toEqual([`PIN_KEY_FILE=${file}`]);
    } finally {
      delete process.env.AJO_TEST_OTHER_SECRET;
    }
  });
});

describe('key versions and rotation', () => {
  it('verifies records of an older key, flags them for upgrade, and signs new ones with the newest', async () => {
    const before = verifier({ keyFile: keyFile(KEY_1) });
    const old = await before.hash('246810', ada);
    expect(old.startsWith('pinmac$v=1$')).toBe(true);
    expect(before.needsUpgrade(old)).toBe(false);

    // Rotation: key 2 added, key 1 kept to read the records not yet upgraded.
    const after = verifier({ keyFile: keyFile(KEY_1, KEY_2) });
    await expect(after.verify('246810', ada, old)).resolves.toBe(true);
    expect(after.needsUpgrade(old)).toBe(true);
    const upgraded = await after.hash('246810', ada);
    expect(upgraded.startsWith('pinmac$v=2$')).toBe(true);
    expect(after.needsUpgrade(upgraded)).toBe(false);
    await expect(after.verify('246810', ada, upgraded)).resolves.toBe(true);
    await expect(after.verify('000000', ada, old)).resolves.toBe(false);

    // Key 1 retired: what it signed no longer verifies (nor does a key-2 record under key 1 alone).
    const retired = verifier({ keyFile: keyFile(KEY_2) });
    await expect(retired.verify('246810', ada, old)).resolves.toBe(false);
    await expect(retired.verify('246810', ada, upgraded)).resolves.toBe(true);
    await expect(before.verify('246810', ada, upgraded)).resolves.toBe(false);
  });

  it('flags every scrypt hash (the former format) for upgrade', () => {
    const v = verifier({ keyFile: keyFile(KEY_1) });
    expect(v.needsUpgrade('scrypt$N=131072,r=8,p=1$AAAA$AAAA')).toBe(true);
  });

  it('a record made under another key of the same version does not verify', async () => {
    const one = verifier({ keyFile: keyFile(KEY_1) });
    const other = verifier({ keyFile: keyFile(`1:${newKey()}`) });
    const record = await one.hash('246810', ada);
    await expect(other.verify('246810', ada, record)).resolves.toBe(false);
  });
});

describe("the verifier's own limits", () => {
  it('refuses unseen, even the right PIN, once a record has had its wrong PINs; other records are unaffected', async () => {
    const v = verifier({ keyFile: keyFile(KEY_1), missesPerRecord: 3 });
    const record = await v.hash('246810', ada);
    const other = await v.hash('246810', bola);
    const wrong = await Promise.all(
      Array.from({ length: 10 }, (_, i) => v.verify(String(100000 + i), ada, record)),
    );
    expect(wrong.every((match) => !match)).toBe(true);
    await expect(v.verify('246810', ada, record)).resolves.toBe(false);
    await expect(v.verify('246810', bola, other)).resolves.toBe(true);
  });

  it('answers 503 beyond its rate', async () => {
    const v = verifier({ keyFile: keyFile(KEY_1), ratePerSecond: 5 });
    const record = await v.hash('246810', ada);
    const burst = await Promise.allSettled(
      Array.from({ length: 20 }, () => v.verify('246810', ada, record)),
    );
    const refused = burst.filter((r) => r.status === 'rejected');
    expect(burst.filter((r) => r.status === 'fulfilled').length).toBeLessThanOrEqual(6);
    expect(refused.length).toBeGreaterThanOrEqual(14);
    for (const r of refused) {
      const reason = (r as PromiseRejectedResult).reason as AppError;
      expect(reason).toBeInstanceOf(AppError);
      expect(reason.statusCode).toBe(503);
    }
  });
});

describe('a verifier that stops', () => {
  it('loses no call when its process is killed again and again under load', async () => {
    // Wrong PINs far beyond the per-record limit: that limit is not what this test is about.
    const v = verifier({ keyFile: keyFile(KEY_1), missesPerRecord: 100_000 });
    const record = await v.hash('246810', ada);
    const calls: Promise<boolean>[] = [];
    const expected: boolean[] = [];
    const pids = new Set<number>();
    let settled = 0;
    let unansweredAtKills = 0;
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 200; i++) {
        const right = i % 3 === 0;
        expected.push(right);
        const call = v.verify(right ? '246810' : String(200000 + i), ada, record);
        const count = () => void (settled += 1);
        call.then(count, count);
        calls.push(call);
      }
      // Killed once it answers again, with the round's calls written to it and not all answered.
      await calls.at(-200);
      const pid = v.pid as number;
      pids.add(pid);
      unansweredAtKills += calls.length - settled;
      process.kill(pid, 'SIGKILL');
    }
    expect(await Promise.all(calls)).toEqual(expected);
    expect(pids.size).toBe(5);
    // Calls were in flight at the kills (else nothing was at stake), and every round after a kill
    // needed a restarted verifier; the last kill needs none if its round was all answered.
    expect(unansweredAtKills).toBeGreaterThan(0);
    expect(v.starts).toBeGreaterThanOrEqual(5);
  });
});

// Wrong PINs far beyond the per-record limit: that limit is tested above.
const WRONG_PINS_UNLIMITED = { PIN_VERIFIER_MISSES: '100000' };

describe('a verifier run on its own, on a Unix socket', () => {
  it('answers over the socket, which only its user and group may open, and loses no call across its restart', async () => {
    const file = keyFile(KEY_1);
    const socket = path.join(dir, `${randomUUID().slice(0, 8)}.sock`);
    let server = await listeningVerifier(socket, file, WRONG_PINS_UNLIMITED);
    try {
      expect(statSync(socket).mode & 0o777).toBe(0o660);
      const v = verifier({ socket });
      const record = await v.hash('246810', ada);
      await expect(v.verify('246810', ada, record)).resolves.toBe(true);
      await expect(v.verify('246811', ada, record)).resolves.toBe(false);

      // Killed with calls written to it, then started again by its supervisor.
      const calls = Array.from({ length: 300 }, (_, i) =>
        v.verify(i % 2 ? '246810' : '246811', ada, record),
      );
      await calls[0];
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGKILL');
      await exited;
      // Calls made while it is down wait for it (on a fast machine the first batch may all have
      // been answered before the kill: these always need the restarted verifier).
      const late = Array.from({ length: 20 }, (_, i) =>
        v.verify(i % 2 ? '246810' : '246811', ada, record),
      );
      server = await listeningVerifier(socket, file, WRONG_PINS_UNLIMITED);
      expect(await Promise.all(calls)).toEqual(calls.map((_, i) => i % 2 === 1));
      expect(await Promise.all(late)).toEqual(late.map((_, i) => i % 2 === 1));
      expect(v.starts).toBeGreaterThanOrEqual(2);
    } finally {
      server.kill('SIGKILL');
    }
  });
});
