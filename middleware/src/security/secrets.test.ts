import { createSecretHasher } from './secrets.js';

const cheap = createSecretHasher({ pepper: 'test-pepper-test-pepper', cost: 1024 });

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
    const otherPepper = createSecretHasher({ pepper: 'another-pepper-value', cost: 1024 });
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
    expect(
      createSecretHasher({ pepper: 'test-pepper-test-pepper', cost: 2048 }).needsRehash(stored),
    ).toBe(true);
  });

  it("uses OWASP's scrypt parameters (N=2^17, r=8, p=1) without exceeding maxmem", async () => {
    const real = createSecretHasher({ pepper: 'test-pepper-test-pepper', cost: 2 ** 17 });
    const stored = await real.hashSecret('654321');
    expect(stored.startsWith('scrypt$N=131072,r=8,p=1$')).toBe(true);
    await expect(real.verifySecret('654321', stored)).resolves.toBe(true);
  });
});
