import { AppError } from '../errors.js';
import { defaultHashThreads } from './secret-hash-pool.js';
import { createSecretHasher, type SecretHasher } from './secrets.js';

const hashers: SecretHasher[] = [];
const hasher = (options: Partial<Parameters<typeof createSecretHasher>[0]> = {}) => {
  const made = createSecretHasher({ pepper: 'test-pepper-test-pepper', cost: 1024, ...options });
  hashers.push(made);
  return made;
};
const cheap = hasher();
afterAll(() => Promise.all(hashers.map((h) => h.close())));

describe('secret hashing', () => {
  it('verifies the right PIN and refuses a wrong one', async () => {
    const stored = await cheap.hashSecret('1234');
    await expect(cheap.verifySecret('1234', stored)).resolves.toBe(true);
    await expect(cheap.verifySecret('1235', stored)).resolves.toBe(false);
  });

  it('salts every hash, so equal PINs are stored differently', async () => {
    const [a, b] = await Promise.all([cheap.hashSecret('123456'), cheap.hashSecret('123456')]);
    expect(a).not.toBe(b);
    expect(a).not.toContain('123456');
  });

  it('needs the pepper: the same hash does not verify under another pepper', async () => {
    const stored = await cheap.hashSecret('1234');
    const otherPepper = hasher({ pepper: 'another-pepper-value' });
    await expect(otherPepper.verifySecret('1234', stored)).resolves.toBe(false);
  });

  it('treats a malformed stored value as a mismatch, not a crash', async () => {
    await expect(cheap.verifySecret('1234', 'plaintext-1234')).resolves.toBe(false);
    await expect(cheap.verifySecret('1234', 'scrypt$N=1024,r=8,p=1$AAAA$AAAA')).resolves.toBe(
      false,
    );
  });

  it('stores its parameters and flags hashes made with another cost', async () => {
    const stored = await cheap.hashSecret('1234');
    expect(stored).toMatch(/^scrypt\$N=1024,r=8,p=1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(cheap.needsRehash(stored)).toBe(false);
    expect(hasher({ cost: 2048 }).needsRehash(stored)).toBe(true);
  });

  it("uses OWASP's scrypt parameters (N=2^17, r=8, p=1) without exceeding maxmem", async () => {
    const real = hasher({ cost: 2 ** 17 });
    const stored = await real.hashSecret('654321');
    expect(stored.startsWith('scrypt$N=131072,r=8,p=1$')).toBe(true);
    await expect(real.verifySecret('654321', stored)).resolves.toBe(true);
  });
});

describe('the hashing pool', () => {
  it('never runs more hashes at once than it has threads, and answers every one', async () => {
    // 16 MiB each: long enough for the hashes of a burst to overlap.
    const pool = hasher({ cost: 2 ** 14, pool: { threads: 2, queue: 100 } });
    const stored = await pool.hashSecret('2580');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => pool.verifySecret(i % 2 ? '2580' : '0000', stored)),
    );
    expect(answers).toEqual(Array.from({ length: 12 }, (_, i) => i % 2 === 1));
    const stats = pool.poolStats();
    expect(stats.peakRunning).toBeGreaterThanOrEqual(1);
    expect(stats.peakRunning).toBeLessThanOrEqual(2);
    expect(stats.threads).toBeLessThanOrEqual(2);
    expect(stats).toMatchObject({ running: 0, inFlight: 0, refused: 0 });
  });

  it('refuses what is beyond threads + queue at once with a 503, and takes work again after', async () => {
    const pool = hasher({ pool: { threads: 1, queue: 2 } });
    const stored = await pool.hashSecret('2580');
    const burst = await Promise.allSettled(
      Array.from({ length: 5 }, () => pool.verifySecret('2580', stored)),
    );
    expect(burst.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
    ]);
    for (const refused of burst.filter((r) => r.status === 'rejected')) {
      const reason = (refused as PromiseRejectedResult).reason as AppError;
      expect(reason).toBeInstanceOf(AppError);
      expect(reason.statusCode).toBe(503);
      expect(reason.headers).toEqual({ 'retry-after': '1' });
    }
    expect(pool.poolStats().refused).toBe(2);
    await expect(pool.verifySecret('2580', stored)).resolves.toBe(true);
  });

  it('sizes itself for the cores: one thread on a 2-core box, at most four', () => {
    expect(defaultHashThreads(1)).toBe(1);
    expect(defaultHashThreads(2)).toBe(1);
    expect(defaultHashThreads(4)).toBe(3);
    expect(defaultHashThreads(32)).toBe(4);
  });
});
