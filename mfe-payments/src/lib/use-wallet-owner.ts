// The signed-in customer with their wallets, live: the session's user$ drives the screen, it is
// reloaded on entry (balances must be current) and whenever money moves ('wallets-changed').
import { useEffect, useState } from 'react';
import type { User } from '@ajo/shared/entities';
import { ERROR_GETTING_USER } from '@ajo/shared/messages';
import { loadHostBus, loadHostSession } from '@ajo/remote-kit/host';
import { errorMessage, showToast } from '@ajo/remote-kit/services';

export function useWalletOwner(): User | null {
  const [user, setUser] = useState<User | null>(null);
  useEffect(() => {
    let cancelled = false;
    const cleanups: Array<() => void> = [];
    const reload = () =>
      loadHostSession()
        .then(({ session }) => session.loadUser())
        .catch((error: unknown) => showToast('error', errorMessage(error, ERROR_GETTING_USER)));
    void loadHostSession().then(({ session }) => {
      if (cancelled) return;
      const subscription = session.user$.subscribe(setUser);
      cleanups.push(() => subscription.unsubscribe());
      void reload();
    });
    void loadHostBus()
      .then(({ bus }) => {
        if (cancelled) return;
        const subscription = bus.on('wallets-changed').subscribe(() => void reload());
        cleanups.push(() => subscription.unsubscribe());
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      cleanups.forEach((cleanup) => cleanup());
    };
  }, []);
  return user;
}
