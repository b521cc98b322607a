import { SignJWT, jwtVerify } from 'jose';
import type { AppAttestation } from './index.js';

/** Sandbox attestation: short-lived HS256 tokens any local web client may fetch. */
export class SandboxAppAttestation implements AppAttestation {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issueToken() {
    const iat = Math.floor(this.now() / 1000);
    const exp = iat + this.ttlSeconds;
    const token = await new SignJWT({ app: 'ajo-web' })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('ajo-app-check')
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, expiresAt: new Date(exp * 1000) };
  }

  async verifyToken(token: string) {
    try {
      await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        audience: 'ajo-app-check',
        currentDate: new Date(this.now()),
      });
      return true;
    } catch {
      return false;
    }
  }
}
