// The signed-in user with their wallets (GET /users/{id} through host/session), kept current: the
// session's user$ drives the screen, and money moving reloads it (SPEC §2 spinner).
import { useCallback, useEffect, useState } from 'react';
import type { User } from '@ajo/shared/entities';
import { ERROR_GETTING_USER } from '@ajo/shared/messages';
import { loadHostSession } from './host';
import { errorMessage, errorStatus, showToast } from './services';
import { useMoneyMoved } from './use-money-moved';

/**
 * On entry a user the shell fetched this long ago is current enough: on a first load the shell has
 * just asked for it, and a second GET /users/{id} would only delay the screen (on a slow phone the
 * remote's code can take seconds to arrive after the shell's answer). Money moving, and entering
 * later, fetch it again; any fetch, by any remote, restarts the clock.
 */
export const ENTRY_USER_MAX_AGE_MS = 15_000;

export function useCurrentUser(): { user: User | null; reload: () => void } {
  const [user, setUser] = useState<User | null>(null);

  const load = useCallback((options?: { maxAgeMs: number }) => {
    loadHostSession()
      .then(({ session }) => session.loadUser(options))
      .catch((error: unknown) => {
        // A refused token ends the session in host/api, with its own single notice.
        if (errorStatus(error) === 401) return;
        return showToast('error', errorMessage(error, ERROR_GETTING_USER));
      });
  }, []);
  const reload = useCallback(() => load(), [load]);

  useEffect(() => {
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    loadHostSession()
      .then(({ session }) => {
        if (cancelled) return;
        const subscription = session.user$.subscribe((next) => setUser(next));
        unsubscribe = () => subscription.unsubscribe();
        // Balances must be live: what the shell loaded a moment ago, else a new fetch.
        load({ maxAgeMs: ENTRY_USER_MAX_AGE_MS });
      })
      .catch(() => showToast('error', ERROR_GETTING_USER).catch(() => undefined));
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [load]);

  useMoneyMoved(reload);
  return { user, reload };
}
