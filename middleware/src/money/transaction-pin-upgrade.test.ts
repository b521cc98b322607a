import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  bankToWallet,
  balanceKobo,
  fundedCustomer,
  TEST_PIN,
  type Customer,
} from '../modules/funding/funding-test-kit.js';
import { walletTransfer } from '../modules/transfers/transfers-test-kit.js';
import { FakeClock } from '../test-support/auth-test-kit.js';
import { listeningVerifier } from '../test-support/pin-verifier-process.js';
import { SecretChecks } from '../test-support/secret-checks.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

/*
 * Transaction PINs checked by the keyed verifier (src/security/pin-verifier.ts) on the money path:
 * scrypt hashes from before upgraded at the next right PIN, records bound to their user, the
 * attempt limits unchanged, and no call lost when the verifier's process stops under load.
 */
let t: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

const storedPin = async (userId: string) =>
  (
    await t.database.db
      .selectFrom('users')
      .select('transaction_pin_hash')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).transaction_pin_hash as string;

/** A customer whose PIN is already a keyed record (as one set after this change is). */
async function keyedCustomer(naira = 0): Promise<Customer> {
  const customer = await fundedCustomer(t, naira);
  await t.database.db
    .updateTable('users')
    .set({ transaction_pin_hash: await t.app.secrets.hashTransactionPin(TEST_PIN, customer.id) })
    .where('id', '=', customer.id)
    .execute();
  return customer;
}

describe('scrypt transaction PINs from before', () => {
  it('are written again as a keyed record after the next right PIN, and then need no scrypt', async () => {
    const ada = await fundedCustomer(t, 0);
    const old = await storedPin(ada.id);
    expect(old.startsWith('scrypt$')).toBe(true);

    // A wrong PIN upgrades nothing: nothing proved the PIN.
    expect((await bankToWallet(t, ada, { transaction_pin: '000000' })).status).toBe(401);
    expect(await storedPin(ada.id)).toBe(old);

    expect((await bankToWallet(t, ada)).status).toBe(200);
    const upgraded = await storedPin(ada.id);
    expect(upgraded).toMatch(/^pinmac\$v=1\$/);
    expect(t.app.secrets.transactionPinNeedsUpgrade(upgraded)).toBe(false);

    // From now on the keyed record answers, right and wrong, and stays as it is.
    const checks = new SecretChecks(t.app.secrets, 'verifySecret');
    try {
      expect((await bankToWallet(t, ada)).status).toBe(200);
      expect((await bankToWallet(t, ada, { transaction_pin: '000000' })).status).toBe(401);
    } finally {
      checks.restore();
    }
    expect(checks.compared).toEqual([TEST_PIN, '000000']);
    expect(await storedPin(ada.id)).toBe(upgraded);
  });

  it('are upgraded when several right PINs arrive at once, and every call pays once', async () => {
    const ada = await fundedCustomer(t, 50_000);
    const bola = await fundedCustomer(t, 0);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => walletTransfer(t, ada, bola.main, { transfer_amount: 100 })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await storedPin(ada.id)).toMatch(/^pinmac\$v=1\$/);
    expect(await balanceKobo(t, bola.main)).toBe(5 * 100 * 100);
  });

  it('do not overwrite a PIN set meanwhile', async () => {
    const ada = await fundedCustomer(t, 0);
    const newer = await t.app.secrets.hashTransactionPin('135790', ada.id);
    const verify = t.app.secrets.verifySecret;
    // The customer's PIN is replaced while the old one is being compared.
    t.app.secrets.verifySecret = async (plain, stored, subject) => {
      const right = await verify.call(t.app.secrets, plain, stored, subject);
      await t.database.db
        .updateTable('users')
        .set({ transaction_pin_hash: newer })
        .where('id', '=', ada.id)
        .execute();
      return right;
    };
    try {
      expect((await bankToWallet(t, ada)).status).toBe(200);
    } finally {
      t.app.secrets.verifySecret = verify;
    }
    expect(await storedPin(ada.id)).toBe(newer);
  });
});

describe('keyed transaction PINs', () => {
  it('do not verify when copied onto another customer', async () => {
    const ada = await keyedCustomer();
    const mallory = await keyedCustomer();
    await t.database.db
      .updateTable('users')
      .set({ transaction_pin_hash: await t.app.secrets.hashTransactionPin('999999', mallory.id) })
      .where('id', '=', mallory.id)
      .execute();
    // An insider with the database writes their own record (PIN 999999) over Ada's.
    await t.database.db
      .updateTable('users')
      .set({ transaction_pin_hash: await storedPin(mallory.id) })
      .where('id', '=', ada.id)
      .execute();
    expect(await bankToWallet(t, ada, { transaction_pin: '999999' })).toEqual({
      status: 401,
      body: { message: 'Incorrect transaction PIN.' },
    });
    expect((await bankToWallet(t, mallory, { transaction_pin: '999999' })).status).toBe(200);
  });

  it('compare at most 5 of 100 concurrent guesses, the right one among them', async () => {
    const ada = await keyedCustomer();
    const checks = new SecretChecks(t.app.secrets, 'verifySecret');
    try {
      // Every comparison waits until the whole burst has been counted: the widest window.
      checks.hold();
      const guesses = [TEST_PIN, ...Array.from({ length: 99 }, (_, i) => String(100000 + i))];
      const answers = guesses.map((pin) =>
        checks.track(bankToWallet(t, ada, { transaction_pin: pin }, randomUUID())),
      );
      await checks.settled(100);
      checks.release();
      const settled = await Promise.all(answers);
      expect(checks.compared.length).toBeGreaterThan(0);
      expect(checks.compared.length).toBeLessThanOrEqual(5);
      expect(settled.every((a) => a.status === 401 || a.status === 429 || a.status === 200)).toBe(
        true,
      );
      expect(settled.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
    } finally {
      checks.restore();
    }
  });

  it('lose no money call when the verifier process is killed under load', async () => {
    // 4 calls at once per payer: within the guard's 5 slots, so every call gets its PIN compared.
    const payers = await Promise.all(Array.from({ length: 16 }, () => keyedCustomer(10_000)));
    const payee = await keyedCustomer();
    const pids = new Set<number>();
    const verify = t.app.secrets.verifySecret;
    let asked = 0;
    // Every 8th PIN check kills the verifier right after the PIN was written to it: that one (and
    // any others it had not answered yet) must be asked again of the next process.
    t.app.secrets.verifySecret = (plain, stored, subject) => {
      const answer = verify.call(t.app.secrets, plain, stored, subject);
      asked += 1;
      const pid = t.app.secrets.pinVerifierStats().pid;
      if (asked % 8 === 0 && pid !== undefined) {
        pids.add(pid);
        process.kill(pid, 'SIGKILL');
      }
      return answer;
    };
    const answers: { status: number }[] = [];
    try {
      // Three batches one after the other, so that each kills a process started after the last.
      for (let batch = 0; batch < 3; batch++) {
        answers.push(
          ...(await Promise.all(
            payers.flatMap((payer) =>
              Array.from({ length: 4 }, () =>
                walletTransfer(t, payer, payee.main, { transfer_amount: 10 }),
              ),
            ),
          )),
        );
      }
    } finally {
      t.app.secrets.verifySecret = verify;
    }
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(pids.size).toBeGreaterThanOrEqual(3);
    expect(t.app.secrets.pinVerifierStats().starts).toBeGreaterThan(pids.size);
    expect(answers).toHaveLength(3 * 16 * 4);
    expect(await balanceKobo(t, payee.main)).toBe(3 * 16 * 4 * 10 * 100);
    for (const payer of payers)
      expect(await balanceKobo(t, payer.main)).toBe((10_000 - 3 * 4 * 10) * 100);
  });
});

describe('a middleware given PIN_VERIFIER_SOCKET', () => {
  it('checks and upgrades transaction PINs through the verifier listening there, and starts none', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ajo-pin-socket-'));
    const keyFile = path.join(dir, 'pin.keys');
    writeFileSync(keyFile, `7:${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    const socket = path.join(dir, 'pin.sock');
    const verifier = await listeningVerifier(socket, keyFile);
    const other = await createTestApp({ PIN_VERIFIER_SOCKET: socket }, { clock });
    try {
      const ada = await fundedCustomer(other, 0);
      expect((await bankToWallet(other, ada)).status).toBe(200);
      const record = (
        await other.database.db
          .selectFrom('users')
          .select('transaction_pin_hash')
          .where('id', '=', ada.id)
          .executeTakeFirstOrThrow()
      ).transaction_pin_hash as string;
      // Made by the verifier on the socket: its key version, which the app's own does not have.
      expect(record).toMatch(/^pinmac\$v=7\$/);
      expect((await bankToWallet(other, ada)).status).toBe(200);
      expect(await bankToWallet(other, ada, { transaction_pin: '000000' })).toEqual({
        status: 401,
        body: { message: 'Incorrect transaction PIN.' },
      });
      expect(other.app.secrets.pinVerifierStats().pid).toBeUndefined();
    } finally {
      await other.close();
      verifier.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
