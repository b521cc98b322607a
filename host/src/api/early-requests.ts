// What a signed-in page's HTML asked for before any script of ours arrived
// (control-plane/src/first-load.ts earlyRequestsElement, docs/decisions/026-a-signed-in-page-asks-for-its-
// user-from-the-html.md): the app-check token and the user. Each answer is taken over once, by the
// API client's app-check (the token) and the session's first user fetch (the user), and only for
// the session it was asked with; anything else (no early requests, a failure, another session) is
// left to the ordinary requests.

import type { ApiError } from 'host/api';
import { refusesTheBearer } from './session-refused';

/** The global the page's inline script writes (the server names the same). */
export const EARLY_REQUESTS_GLOBAL = '__ajoEarly';

export interface EarlyAppCheck {
  token: string;
  expiresAt?: unknown;
}

interface EarlyRequests {
  tk: string;
  id: string;
  appCheck?: Promise<unknown>;
  user?: Promise<unknown>;
}

type Holder = Record<string, unknown>;

/**
 * The pending answer `key`, taken once (later callers ask themselves), kept only if `accept` takes
 * it; null when nothing was asked, it was taken, or it was asked with another session than `session`.
 */
function takeOnce<T>(
  holder: Holder,
  key: 'appCheck' | 'user',
  accept: (answer: unknown) => answer is T,
  session?: { token: string | null; id: string },
): Promise<T | null> | null {
  const requests = holder[EARLY_REQUESTS_GLOBAL] as Partial<EarlyRequests> | undefined;
  if (!requests || typeof requests.tk !== 'string' || typeof requests.id !== 'string') return null;
  const pending = requests[key];
  if (!pending) return null;
  delete requests[key];
  if (session && (requests.tk !== session.token || requests.id !== session.id)) return null;
  return pending.then(
    (answer) => (accept(answer) ? answer : null),
    () => null,
  );
}

/** The early app-check answer, once: null when there is none (or it was taken). */
export function takeEarlyAppCheck(
  holder: Holder = globalThis as unknown as Holder,
): Promise<EarlyAppCheck | null> | null {
  return takeOnce(
    holder,
    'appCheck',
    (answer): answer is EarlyAppCheck =>
      typeof (answer as EarlyAppCheck | null)?.token === 'string',
  );
}

/** The page's answer to `GET /users/{id}`: its status, `WWW-Authenticate` challenge and body. */
export interface EarlyUserAnswer {
  status: number;
  challenge: string;
  body: unknown;
}

/**
 * The early answer to `GET /users/{id}` for this session, once, or null when there is none, it
 * was for another session, or it failed on the way (the caller then asks itself).
 */
export function takeEarlyUser(
  session: { token: string | null; id: string },
  holder: Holder = globalThis as unknown as Holder,
): Promise<EarlyUserAnswer | null> | null {
  return takeOnce(
    holder,
    'user',
    (answer): answer is EarlyUserAnswer =>
      typeof (answer as EarlyUserAnswer | null)?.status === 'number',
    session,
  );
}

/**
 * What the session's user fetch makes of the page's answer: the user's body (200), the refusal of
 * the session's bearer (the session ends, as when the API client meets it: one notice, the token
 * forgotten), or nothing to go on (any other answer: the client asks, and handles what it gets).
 */
export function readEarlyUser(
  answer: EarlyUserAnswer | null,
): { user: unknown } | { refused: ApiError } | null {
  if (!answer) return null;
  if (answer.status === 200) return { user: answer.body };
  if (!refusesTheBearer(answer.status, answer.challenge)) return null;
  const serverMessage =
    typeof (answer.body as { message?: unknown } | null)?.message === 'string'
      ? (answer.body as { message: string }).message
      : undefined;
  return {
    refused: {
      status: answer.status,
      message: serverMessage ?? `Request failed with status code ${answer.status}`,
      serverMessage,
      data: answer.body,
    },
  };
}
