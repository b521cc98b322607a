/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { decryptPayload, encryptPayload } from './crypto';
import { isEnvelope } from './envelope';

const SECRET = 'test-envelope-secret';

function openssl(args: string[], input: string): string {
  return execFileSync(
    'openssl',
    ['enc', '-aes-256-cbc', '-md', 'md5', '-a', '-A', '-k', SECRET, ...args],
    {
      input,
      stdio: ['pipe', 'pipe', 'ignore'], // openssl warns about its legacy key derivation on stderr
    },
  ).toString('utf8');
}

describe('the encryption envelope (docs/architecture.md "The wire contract")', () => {
  it('round-trips a JSON body', () => {
    const body = { phone_number: '2348012345678', security_pin: '1234', mac_address: 'web' };
    const ciphertext = encryptPayload(body, SECRET);
    expect(ciphertext).not.toContain('2348012345678');
    expect(decryptPayload(ciphertext, SECRET)).toEqual(body);
  });

  it('writes the OpenSSL "Salted__" format', () => {
    const raw = Buffer.from(encryptPayload({ a: 1 }, SECRET), 'base64');
    expect(raw.subarray(0, 8).toString('latin1')).toBe('Salted__');
  });

  it('produces ciphertext the openssl command line decrypts', () => {
    const body = { amount: 1500.5, narration: 'Rent ₦ naira' };
    const plain = openssl(['-d'], `${encryptPayload(body, SECRET)}\n`);
    expect(JSON.parse(plain)).toEqual(body);
  });

  it('decrypts what the openssl command line encrypts', () => {
    const ciphertext = openssl([], JSON.stringify({ token: 'abc', user: { id: 7 } }));
    expect(decryptPayload(ciphertext.trim(), SECRET)).toEqual({ token: 'abc', user: { id: 7 } });
  });

  it('returns decrypted text that is not JSON as plain text (SPEC §1)', () => {
    const ciphertext = openssl([], 'Transfer successful');
    expect(decryptPayload(ciphertext.trim(), SECRET)).toBe('Transfer successful');
  });

  it('recognises the {"encrypted": ...} envelope only', () => {
    expect(isEnvelope({ encrypted: 'x' })).toBe(true);
    expect(isEnvelope({ encrypted: 1 })).toBe(false);
    expect(isEnvelope('x')).toBe(false);
    expect(isEnvelope(null)).toBe(false);
  });
});
