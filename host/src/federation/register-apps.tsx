import { createRoot } from 'react-dom/client';
import { registerApplication } from 'single-spa';
import { ErrorFallback } from '@ajo/shared/ui/error-fallback';
import { guardRedirect } from '../routes/guard';
import { isOwnedBy } from '../routes/route-table';
import { reportRemoteFailure } from './failure-beacon';
import { firstReloadFor, noteFailedVersion } from './failed-versions';
import { areaFor } from './mfe-area';
import type { RemoteChoice } from './registry-client';
import { loadFederated, switchRemoteVersion } from './runtime';
import { withFallback, type AnyLifecycles, type VersionAttempt } from './with-fallback';

export function renderFallbackInto(element: HTMLElement): () => void {
  const root = createRoot(element);
  root.render(<ErrorFallback />);
  return () => root.unmount();
}

export interface PageReload {
  firstFor(remote: string, version: string): boolean;
  now(): void;
}

/** Takes away what a failed version of `name` shares (forget-shared.ts, loaded on failure only). */
const forgetShared = (name: string) =>
  import('./forget-shared').then(
    ({ forgetSharedOf }) => void forgetSharedOf(name),
    // Offline: the chunk cannot come, and the fallback is still worth trying.
    () => undefined,
  );

const pageReload = (storage: Storage): PageReload => ({
  firstFor: (remote, version) => firstReloadFor(storage, remote, version),
  now: () => window.location.reload(),
});

/**
 * The versions an area tries: the one the registry chose for this browser (registered at start-up),
 * then its last known good version, registered in its place only when the first one failed.
 */
export function versionAttempts(
  name: string,
  choice: RemoteChoice | undefined,
  load: (id: string) => Promise<AnyLifecycles | null> = loadFederated,
  switchTo: typeof switchRemoteVersion = switchRemoteVersion,
  reload: PageReload = pageReload(sessionStorage),
): VersionAttempt[] {
  const attempts: VersionAttempt[] = [
    { version: choice?.version ?? null, load: () => load(`${name}/app`) },
  ];
  const fallback = choice?.fallback;
  if (fallback) {
    attempts.push({
      version: fallback.version,
      load: async () => {
        // Before the fallback registers its own copies: the failed version supplies none.
        await forgetShared(name);
        switchTo(fallback);
        try {
          return await load(`${name}/app`);
        } catch (error) {
          // The failed version's code stays in the page under the remote's name (its webpack
          // modules and shared-module requests), and can fail the fallback with it: a fresh page,
          // which registers the fallback first (failed-versions.ts), loads it clean. Once per tab.
          if (!reload.firstFor(name, fallback.version)) throw error;
          console.error(
            `[${name}] reloading to load ${name}@${fallback.version} on a clean page`,
            error,
          );
          reload.now();
          return new Promise<never>(() => undefined);
        }
      },
    });
  }
  return attempts;
}

/**
 * One single-spa application per remote of the registry document (there is no fixed list: a remote
 * an operator registered after this shell was built is one of them), active on the routes it owns
 * in the table composed from the same document. The loader is the only place a remote is fetched
 * (docs/architecture.md "Known traps": load remotes only inside single-spa app loaders).
 */
export function registerRemoteApps(
  choices: RemoteChoice[],
  storage: Storage = localStorage,
  report: typeof reportRemoteFailure = reportRemoteFailure,
  tabStorage: Storage = sessionStorage,
): void {
  for (const choice of choices) {
    const { name } = choice;
    registerApplication({
      name,
      app: withFallback(
        name,
        versionAttempts(name, choice, loadFederated, switchRemoteVersion, pageReload(tabStorage)),
        {
          getElement: () => areaFor(name),
          renderFallback: renderFallbackInto,
          onFailure: ({ version, phase, error }) => {
            // A render error its error boundary caught is counted; the version stays mounted.
            if (phase !== 'render') {
              // A version that failed supplies no shared module to anyone from now on, with or
              // without a fallback to replace it (runtime.ts).
              void forgetShared(name);
              if (version) noteFailedVersion(tabStorage, name, version);
            }
            if (!version) return;
            report({ remote: name, version, phase, error });
          },
        },
      ),
      activeWhen: (location) =>
        isOwnedBy(name, location.pathname) && guardRedirect(location.pathname, storage) === null,
      customProps: { domElementGetter: () => areaFor(name) },
    });
  }
}
