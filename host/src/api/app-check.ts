// App attestation (SPEC §7: every request sends an app-check header; a failure to get the token is
// logged and the request goes on). The token is cached until it expires.
import axios from 'axios';
import { takeEarlyAppCheck, type EarlyAppCheck } from './early-requests';

export const APP_CHECK_HEADER = 'X-App-Check';
const EXPIRY_MARGIN_MS = 30_000;

interface CachedToken {
  token: string;
  expiresAt: number;
}

export interface AppCheck {
  getToken(): Promise<string | null>;
  reset(): void;
}

function toEpochMs(value: unknown): number {
  if (typeof value === 'number') return value < 1e12 ? value * 1000 : value;
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    if (!Number.isNaN(parsed)) return parsed;
  }
  return Date.now() + 5 * 60_000;
}

export function createAppCheck(
  getBaseUrl: () => Promise<string>,
  now = () => Date.now(),
  takeEarly: () => Promise<EarlyAppCheck | null> | null = takeEarlyAppCheck,
): AppCheck {
  let cached: CachedToken | null = null;
  let inflight: Promise<string | null> | null = null;

  async function fetchToken(): Promise<string | null> {
    // The page's HTML may have asked already, while the scripts downloaded (early-requests.ts).
    const asked = await takeEarly();
    if (asked) {
      cached = { token: asked.token, expiresAt: toEpochMs(asked.expiresAt) };
      inflight = null;
      return cached.token;
    }
    try {
      const baseURL = await getBaseUrl();
      // A bare axios call: the client's own interceptors would recurse into this function.
      const res = await axios.get<{ token?: unknown; expiresAt?: unknown }>('/app-check/token', {
        baseURL,
      });
      if (typeof res.data?.token !== 'string') throw new Error('app-check answer has no token');
      cached = { token: res.data.token, expiresAt: toEpochMs(res.data.expiresAt) };
      return cached.token;
    } catch (error) {
      console.warn('[app-check] could not get a token; sending the request without it', error);
      return null;
    } finally {
      inflight = null;
    }
  }

  return {
    getToken() {
      if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > now())
        return Promise.resolve(cached.token);
      inflight ??= fetchToken();
      return inflight;
    },
    reset() {
      cached = null;
    },
  };
}
