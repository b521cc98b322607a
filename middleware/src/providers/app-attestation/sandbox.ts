import { signHs256, verifyHs256 } from '../../security/hs256-jwt.js';
import type { AppAttestation } from './index.js';

/**
 * Sandbox attestation: short-lived HS256 tokens any local web client may fetch. Checked on every
 * request, so with a synchronous HMAC (src/security/hs256-jwt.ts), never on libuv's thread pool.
 */
export class SandboxAppAttestation implements AppAttestation {
  private readonly key: Buffer;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    this.key = Buffer.from(secret, 'utf8');
  }

  async issueToken() {
    const iat = Math.floor(this.now() / 1000);
    const exp = iat + this.ttlSeconds;
    const token = signHs256(
      this.key,
      { alg: 'HS256' },
      { app: 'ajo-web', aud: 'ajo-app-check', iat, exp },
    );
    return { token, expiresAt: new Date(exp * 1000) };
  }

  async verifyToken(token: string) {
    return (
      verifyHs256(token, this.key, {
        audience: 'ajo-app-check',
        required: ['exp'],
        nowMs: this.now(),
      }) !== null
    );
  }
}
