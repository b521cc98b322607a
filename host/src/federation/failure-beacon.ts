// Tells the app server that a version of a remote failed in this browser, so operators see failure
// counts per remote and version (POST /_beacon/remote-failure, control-plane/src/plugins/failure-beacon.ts).
// A beacon survives the page going away and never holds up the customer; if the browser has none,
// or will not queue this one, a keepalive fetch does the same. Reporting never throws.

export const BEACON_URL = '/_beacon/remote-failure';
/** The server refuses longer messages; the start of an error says what it was. */
export const MESSAGE_LIMIT = 200;

/** 'render': an error the remote's own error boundary caught after it mounted. */
export type FailurePhase = 'load' | 'mount' | 'render';

export interface RemoteFailure {
  remote: string;
  version: string;
  phase: FailurePhase;
  message?: string;
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error ?? '');
  // By code points, so a cut never leaves half a character.
  return Array.from(text.trim()).slice(0, MESSAGE_LIMIT).join('');
}

export function reportRemoteFailure(
  failure: Omit<RemoteFailure, 'message'> & { error?: unknown },
  nav: Pick<Navigator, 'sendBeacon'> | undefined = globalThis.navigator,
  fetchImpl: typeof fetch | undefined = globalThis.fetch,
): void {
  const { error, ...rest } = failure;
  const body: RemoteFailure = { ...rest };
  const message = error === undefined ? '' : messageOf(error);
  if (message) body.message = message;
  const json = JSON.stringify(body);
  try {
    if (nav?.sendBeacon?.(BEACON_URL, new Blob([json], { type: 'application/json' }))) return;
  } catch {
    // Some browsers refuse a JSON beacon outright: the fetch below sends it instead.
  }
  fetchImpl?.(BEACON_URL, {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: json,
  })?.catch(() => undefined);
}
