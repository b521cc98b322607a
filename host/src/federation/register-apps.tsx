import { createRoot } from 'react-dom/client';
import { registerApplication } from 'single-spa';
import { ErrorFallback } from '@ajo/shared/ui/error-fallback';
import { guardRedirect } from '../routes/guard';
import { REMOTE_NAMES, isOwnedBy } from '../routes/route-table';
import { areaFor } from './mfe-area';
import { loadFederated } from './runtime';
import { withFallback, type AnyLifecycles } from './with-fallback';

export function renderFallbackInto(element: HTMLElement): () => void {
  const root = createRoot(element);
  root.render(<ErrorFallback />);
  return () => root.unmount();
}

/**
 * One single-spa application per remote, active on the routes it owns (route table). The loader is
 * the only place a remote is fetched (ARCHITECTURE "Known traps": load remotes only inside
 * single-spa app loaders).
 */
export function registerRemoteApps(storage: Storage = localStorage): void {
  for (const name of REMOTE_NAMES) {
    registerApplication({
      name,
      app: withFallback(
        name,
        () => loadFederated<AnyLifecycles>(`${name}/app`),
        () => areaFor(name),
        renderFallbackInto,
      ),
      activeWhen: (location) =>
        isOwnedBy(name, location.pathname) && guardRedirect(location.pathname, storage) === null,
      customProps: { domElementGetter: () => areaFor(name) },
    });
  }
}
