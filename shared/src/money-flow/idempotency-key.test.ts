import { webcrypto } from 'node:crypto';
import { IDEMPOTENCY_KEY_PATTERN, newIdempotencyKey } from './idempotency-key';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  it('uses crypto.randomUUID when the page has it', () => {
    expect(newIdempotencyKey({ randomUUID: () => '6b1c3c5e-0000-4000-8000-000000000001' })).toBe(
      '6b1c3c5e-0000-4000-8000-000000000001',
    );
  });

  it('falls back to getRandomValues outside a secure context', () => {
    const key = newIdempotencyKey({
      getRandomValues: webcrypto.getRandomValues.bind(webcrypto) as Crypto['getRandomValues'],
    });
    expect(key).toMatch(UUID_V4);
    expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });

  it('gives a different key every time, in the form the server accepts', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });

  it('refuses to make a predictable key', () => {
    expect(() => newIdempotencyKey({})).toThrow('No source of randomness');
  });
});
