// The server refused the bearer of a signed-in session: host/api reports it here and host/session
// (which registers itself on load) ends the session. A registry rather than an import keeps the two
// modules free of a cycle (session already loads api lazily for GET /users/{id}).
let handler: (() => void) | null = null;

export function onSessionRefused(next: () => void): void {
  handler = next;
}

export function sessionRefused(): void {
  handler?.();
}

/**
 * The middleware answers a bearer it will not honour with the RFC 6750 challenge
 * `WWW-Authenticate: Bearer error="invalid_token"`. A wrong OTP, PIN or sign-in PIN is a 401 too,
 * without it, and says nothing about the session.
 */
export function refusesTheBearer(status: number | undefined, challenge: unknown): boolean {
  return (
    status === 401 && typeof challenge === 'string' && /\berror="invalid_token"/.test(challenge)
  );
}
