// SPEC §3 "Browser session data": token under key tk, user id under key id (localStorage).
export const TOKEN_KEY = 'tk';
export const USER_ID_KEY = 'id';
/**
 * Signing out in one tab tells the others at once (docs/decisions/015-sessions-ended-on-the-server.md):
 * this BroadcastChannel first, the storage event of the cleared tk as the fallback.
 */
export const SESSION_CHANNEL = 'ajo-session';
export const SIGNED_OUT_MESSAGE = 'signed-out';
