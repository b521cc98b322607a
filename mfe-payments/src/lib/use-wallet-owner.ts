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
    const follow = async () => {
      const { session } = await loadHostSession();
      if (cancelled) return;
      const subscription = session.user$.subscribe(setUser);
      cleanups.push(() => subscription.unsubscribe());
      await reload();
      const { bus } = await loadHostBus();
      if (cancelled) return;
      const changes = bus.on('wallets-changed').subscribe(() => void reload());
      cleanups.push(() => changes.unsubscribe());
    };
    follow().catch(() => showToast('error', ERROR_GETTING_USER).catch(() => undefined));
    return () => {
      cancelled = true;
      cleanups.forEach((cleanup) => cleanup());
    };
  }, []);
  return user;
}
