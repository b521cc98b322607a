import { useEffect, useMemo, useState } from 'react';
import type { EventBus } from '@ajo/shared/events';
import type { Session } from 'host/session';
import type { ToastSource } from './toast-area';

export interface HostServices {
  bus: EventBus;
  session: Session;
}

/**
 * Loads host/bus and host/session through federation the first time a page needs them. Static pages
 * (landing, FAQ, legal) never do, which keeps them out of the first load of `/`.
 */
export function useHostServices(needed: boolean, load: () => Promise<HostServices>) {
  const [services, setServices] = useState<HostServices | null>(null);
  const [requested, setRequested] = useState(false);

  useEffect(() => {
    if (!needed || requested) return;
    setRequested(true);
    load()
      .then(setServices)
      .catch((error: unknown) => console.error('[shell] host services failed to load', error));
  }, [needed, requested, load]);

  const toastSource = useMemo<ToastSource | null>(
    () =>
      services && {
        subscribe(listener) {
          const sub = services.bus.on('toast').subscribe((event) => listener(event.toast));
          return () => sub.unsubscribe();
        },
      },
    [services],
  );

  return { services, toastSource };
}
