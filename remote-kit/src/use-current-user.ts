// The signed-in user with their wallets (GET /users/{id} through host/session), kept current: the
// session's user$ drives the screen, and money moving reloads it (SPEC §2 spinner).
import { useCallback, useEffect, useState } from 'react';
import type { User } from '@ajo/shared/entities';
import { ERROR_GETTING_USER } from '@ajo/shared/messages';
import { loadHostSession } from './host';
import { errorMessage, errorStatus, showToast } from './services';
import { useMoneyMoved } from './use-money-moved';

export function useCurrentUser(): { user: User | null; reload: () => void } {
  const [user, setUser] = useState<User | null>(null);

  const reload = useCallback(() => {
    loadHostSession()
      .then(({ session }) => session.loadUser())
      .catch((error: unknown) => {
        // A refused token ends the session in host/api, with its own single notice.
        if (errorStatus(error) === 401) return;
        return showToast('error', errorMessage(error, ERROR_GETTING_USER));
      });
  }, []);

  useEffect(() => {
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    loadHostSession()
      .then(({ session }) => {
        if (cancelled) return;
        const subscription = session.user$.subscribe((next) => setUser(next));
        unsubscribe = () => subscription.unsubscribe();
        // Always load on entry: balances must be live, not what the shell loaded earlier.
        reload();
      })
      .catch(() => showToast('error', ERROR_GETTING_USER).catch(() => undefined));
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [reload]);

  useMoneyMoved(reload);
  return { user, reload };
}
