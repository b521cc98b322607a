import { useEffect, useState } from 'react';
import type { User } from '@ajo/shared/entities';
import { ERROR_GETTING_USER } from '@ajo/shared/messages';
import { isActivated } from './activation';
import type { HostServices } from './use-host-services';

/**
 * The signed-in user for the dashboard shell. SPEC §8: 'Error getting user', and back to /login.
 * SPEC §2: pages show a spinner until the user is loaded.
 */
export function useCurrentUser(
  services: HostServices | null,
  active: boolean,
  navigate: (to: string, replace?: boolean) => void,
) {
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!services) return undefined;
    const sub = services.session.user$.subscribe(setUser);
    return () => sub.unsubscribe();
  }, [services]);

  useEffect(() => {
    if (!services || !active || !services.session.isAuthenticated()) return;
    // A cached user with wallets is current; one without may have been activated since (the
    // onboarding remote's /verify-user), so it is read again before the not-activated check.
    const cached = services.session.getUser();
    if (cached && isActivated(cached)) return;
    let cancelled = false;
    setLoading(true);
    services.session
      .loadUser()
      .catch((error: unknown) => {
        if (cancelled) return;
        // A refused token has already ended the session with its one notice (host/api).
        if (!isRefusedSession(error)) {
          services.bus.emit({
            type: 'toast',
            toast: { kind: 'error', message: ERROR_GETTING_USER },
          });
        }
        navigate('/login', true);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [services, active, navigate]);

  return { user, loading };
}

function isRefusedSession(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401
  );
}
