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
