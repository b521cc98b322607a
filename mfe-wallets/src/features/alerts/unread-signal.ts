/**
 * Tells the shell's bell the new unread count after this screen loaded or marked alerts, without a
 * round trip of its own. A DOM event, not a bus event: the bell lives in the host's header and must
 * stay tiny (it listens for this name only); the name is the contract, written in both places.
 */
export const ALERTS_UNREAD_EVENT = 'ajo:alerts-unread';

export function announceUnread(unread: number): void {
  window.dispatchEvent(new CustomEvent(ALERTS_UNREAD_EVENT, { detail: { unread } }));
}
