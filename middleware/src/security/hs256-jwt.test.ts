import { createHmac } from 'node:crypto';
import { SignJWT, UnsecuredJWT, jwtVerify } from 'jose';
import { signHs256, verifyHs256, type Hs256Check } from './hs256-jwt.js';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, createTokenSigner } from './tokens.js';

const SECRET = 'hs256-test-secret-at-least-16';
const key = Buffer.from(SECRET, 'utf8');
const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const nowSeconds = NOW / 1000;
const check: Hs256Check = {
  issuer: TOKEN_ISSUER,
  audience: TOKEN_AUDIENCE,
  required: ['exp', 'iat', 'sub'],
  nowMs: NOW,
};
const claims = {
  sub: 'user-1',
  sid: 'session-1',
  iat: nowSeconds,
  exp: nowSeconds + 3600,
  iss: TOKEN_ISSUER,
  aud: TOKEN_AUDIENCE,
};

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token with the given parts, signed correctly over them with `key`. */
const withParts = (header: string, payload: string) =>
  `${header}.${payload}.${createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url')}`;

describe('HS256 tokens without the thread pool', () => {
  it('reads what jose signs and jose reads what it signs (same bytes on the wire)', async () => {
    const byJose = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new Uint8Array(key));
    expect(verifyHs256(byJose, key, check)).toEqual(claims);

    const ours = signHs256(key, { typ: 'JWT' }, claims);
    const { payload, protectedHeader } = await jwtVerify(ours, new Uint8Array(key), {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      currentDate: new Date(NOW),
    });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toEqual(claims);
  });

  it("refuses 'none', other algorithms and a header asking for a critical extension", async () => {
    const unsecured = new UnsecuredJWT(claims).encode();
    expect(verifyHs256(unsecured, key, check)).toBeNull();
    // The same unsigned token given an HS256 header but no signature.
    expect(verifyHs256(`${b64({ alg: 'HS256' })}.${b64(claims)}.`, key, check)).toBeNull();
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new Uint8Array(key));
    expect(verifyHs256(hs512, key, check)).toBeNull();
    // Correctly signed over a header that names another algorithm: refused for the alg alone.
    expect(verifyHs256(withParts(b64({ alg: 'HS384' }), b64(claims)), key, check)).toBeNull();
    expect(verifyHs256(withParts(b64({ alg: 'none' }), b64(claims)), key, check)).toBeNull();
    expect(
      verifyHs256(withParts(b64({ alg: 'HS256', crit: ['exp'] }), b64(claims)), key, check),
    ).toBeNull();
    // The control: the same construction with a plain HS256 header is accepted.
    expect(verifyHs256(withParts(b64({ alg: 'HS256' }), b64(claims)), key, check)).toEqual(claims);
  });

  it('refuses a tampered payload, a tampered or re-spelled signature and another key', () => {
    const token = signHs256(key, { typ: 'JWT' }, claims);
    const [header, , signature] = token.split('.') as [string, string, string];
    const richer = b64({ ...claims, sub: 'user-2' });
    expect(verifyHs256(`${header}.${richer}.${signature}`, key, check)).toBeNull();
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expect(verifyHs256(`${header}.${token.split('.')[1]}.${flipped}`, key, check)).toBeNull();
    // 32 bytes are 43 base64url characters whose last one carries 2 unused bits: another last
    // character can spell the same bytes. Only the canonical spelling is accepted.
    const last = signature.at(-1) as string;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const index = alphabet.indexOf(last);
    const sameBytes = alphabet[(index & ~3) | ((index + 1) & 3)] as string;
    const respelled = signature.slice(0, -1) + sameBytes;
    expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
    expect(verifyHs256(`${header}.${token.split('.')[1]}.${respelled}`, key, check)).toBeNull();
    expect(verifyHs256(token, Buffer.from('another-secret-of-16+'), check)).toBeNull();
    expect(verifyHs256(`${token}x`, key, check)).toBeNull();
  });

  it('refuses malformed tokens without throwing', () => {
    const token = signHs256(key, {}, claims);
    const [header, payload] = token.split('.') as [string, string];
    for (const bad of [
      '',
      'abc',
      'a.b',
      'a.b.c.d',
      `${token}.`,
      // Characters outside base64url, which Buffer would silently skip.
      withParts(`${header}*`, payload),
      withParts(header, `${payload}!`),
      withParts(`${header.slice(0, 4)}+${header.slice(5)}`, payload),
      // A length no byte string encodes to.
      withParts(header, payload + 'A'.repeat((5 - (payload.length % 4)) % 4)),
      // Valid base64url of something that is not a JSON object.
      withParts(Buffer.from('not json').toString('base64url'), payload),
      withParts(b64(['HS256']), payload),
      withParts(header, b64('a string')),
      withParts(header, b64(null)),
      withParts(header, Buffer.from([0xff, 0xfe, 0x7b, 0x7d]).toString('base64url')),
    ]) {
      expect(verifyHs256(bad, key, check)).toBeNull();
    }
  });

  it('needs exp, iat and sub, the issuer and the audience', () => {
    const without = (name: keyof typeof claims) => {
      const rest: Record<string, unknown> = { ...claims };
      delete rest[name];
      return signHs256(key, {}, rest);
    };
    expect(verifyHs256(without('exp'), key, check)).toBeNull();
    expect(verifyHs256(without('iat'), key, check)).toBeNull();
    expect(verifyHs256(without('sub'), key, check)).toBeNull();
    expect(verifyHs256(without('iss'), key, check)).toBeNull();
    expect(verifyHs256(without('aud'), key, check)).toBeNull();
    expect(verifyHs256(signHs256(key, {}, { ...claims, iss: 'someone' }), key, check)).toBeNull();
    expect(
      verifyHs256(signHs256(key, {}, { ...claims, aud: 'ajo-app-check' }), key, check),
    ).toBeNull();
    expect(
      verifyHs256(signHs256(key, {}, { ...claims, aud: ['x', TOKEN_AUDIENCE] }), key, check),
    ).not.toBeNull();
    expect(verifyHs256(signHs256(key, {}, { ...claims, sub: 42 }), key, check)).toBeNull();
    expect(
      verifyHs256(signHs256(key, {}, { ...claims, exp: '9999999999' }), key, check),
    ).toBeNull();
    expect(verifyHs256(signHs256(key, {}, { ...claims, iat: 'now' }), key, check)).toBeNull();
  });

  it('checks exp and nbf against the given clock, to the second', () => {
    const expiring = signHs256(key, {}, { ...claims, exp: nowSeconds + 1 });
    expect(verifyHs256(expiring, key, check)).not.toBeNull();
    expect(verifyHs256(expiring, key, { ...check, nowMs: NOW + 999 })).not.toBeNull();
    expect(verifyHs256(expiring, key, { ...check, nowMs: NOW + 1000 })).toBeNull();
    const early = signHs256(key, {}, { ...claims, nbf: nowSeconds + 60 });
    expect(verifyHs256(early, key, check)).toBeNull();
    expect(verifyHs256(early, key, { ...check, nowMs: NOW + 60_000 })).not.toBeNull();
  });

  it('refuses an iat in the future (beyond 30 s of clock skew)', () => {
    const ahead = (seconds: number) =>
      signHs256(key, {}, { ...claims, iat: nowSeconds + seconds, exp: nowSeconds + seconds + 60 });
    expect(verifyHs256(ahead(30), key, check)).not.toBeNull();
    expect(verifyHs256(ahead(31), key, check)).toBeNull();
    expect(verifyHs256(ahead(10 * 365 * 86400), key, check)).toBeNull();
  });

  it('refuses, with maxAgeSeconds, a token older than that or asking to live longer, whatever exp says', () => {
    const aged = { ...check, maxAgeSeconds: 3600 };
    const token = (iatAgo: number, life: number) =>
      signHs256(key, {}, { ...claims, iat: nowSeconds - iatAgo, exp: nowSeconds - iatAgo + life });
    expect(verifyHs256(token(3599, 3600), key, aged)).not.toBeNull();
    expect(verifyHs256(token(3601, 7200), key, aged)).toBeNull();
    expect(verifyHs256(token(0, 10 * 365 * 86400), key, aged)).toBeNull();
    expect(verifyHs256(token(0, 3600), key, aged)).not.toBeNull();
    const { iat: _iat, ...withoutIat } = claims;
    expect(
      verifyHs256(signHs256(key, {}, withoutIat), key, { ...aged, required: ['exp'] }),
    ).toBeNull();
  });

  it('TokenSigner signs and reads with the injected clock', async () => {
    let now = NOW;
    const signer = createTokenSigner({ secret: SECRET, ttlSeconds: 60, now: () => now });
    const { token, expiresAt } = await signer.sign('user-1', 'session-1');
    expect(expiresAt).toEqual(new Date(NOW + 60_000));
    await expect(signer.read(token)).resolves.toEqual({ userId: 'user-1', sessionId: 'session-1' });
    now = NOW + 60_000;
    await expect(signer.read(token)).resolves.toBeNull();
  });
});
