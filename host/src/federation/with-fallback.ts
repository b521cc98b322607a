// Failure isolation and the last known good version (docs/decisions/020-last-known-good-fallback.md).
// An area tries the versions of its remote in order: the one the registry chose for this browser,
// then its fallback. A version whose manifest or code cannot load, whose module throws at load, or
// whose bootstrap or mount throws is reported and the next version is loaded and mounted in its
// place, for this mount and every later one in the tab. Only when no version works does the area
// show the generic fallback screen. The wrapped lifecycles never reject, so single-spa never marks
// the app broken and the shell and the other remotes keep working.
import type { AppProps, LifeCycleFn, LifeCycles } from 'single-spa';
import type { FailurePhase } from './failure-beacon';

export type AnyLifecycles = LifeCycles<Record<string, unknown>>;
type Props = AppProps & Record<string, unknown>;
type Fn = LifeCycleFn<Record<string, unknown>> | Array<LifeCycleFn<Record<string, unknown>>>;

/** What withFallback hands to single-spa: one function per lifecycle, none of which rejects. */
export interface SafeLifecycles {
  bootstrap: LifeCycleFn<Record<string, unknown>>;
  mount: LifeCycleFn<Record<string, unknown>>;
  unmount: LifeCycleFn<Record<string, unknown>>;
}

export interface FallbackRenderer {
  /** Renders the fallback into the element; returns a cleanup. */
  (element: HTMLElement): () => void;
}

/** One version of the remote, in the order they are tried. */
export interface VersionAttempt {
  /** The registry's label; null when the registry named none (nothing to report then). */
  version: string | null;
  load: () => Promise<AnyLifecycles | null | undefined>;
}

export interface FailureReport {
  version: string | null;
  phase: FailurePhase;
  error: unknown;
}

export interface AreaOptions {
  getElement: () => HTMLElement;
  renderFallback: FallbackRenderer;
  onFailure?: (failure: FailureReport) => void;
}

async function run(fn: Fn | undefined, props: Props): Promise<void> {
  if (!fn) return;
  for (const step of Array.isArray(fn) ? fn : [fn]) await step(props);
}

export function withFallback(
  name: string,
  attempts: VersionAttempt[],
  { getElement, renderFallback, onFailure }: AreaOptions,
): () => Promise<SafeLifecycles> {
  return async () => {
    /** The next version to try, and the one loaded now. */
    let position = 0;
    let current: VersionAttempt | undefined;
    let inner: AnyLifecycles | null = null;
    let bootstrapped = false;
    let cleanup: (() => void) | null = null;

    const fail = (phase: FailurePhase, error: unknown) => {
      const version = current?.version ?? null;
      const label = version ? `${name}@${version}` : name;
      const next = attempts[position]?.version;
      console.error(
        `[${name}] ${label} failed to ${phase}; ${next ? `loading ${next} instead` : 'showing the fallback'}`,
        error,
      );
      try {
        onFailure?.({ version, phase, error });
      } catch {
        // Reporting is best effort; the customer's screen comes first.
      }
    };

    /** Loads the next version that loads at all; false when none is left. */
    async function loadNext(): Promise<boolean> {
      inner = null;
      bootstrapped = false;
      while ((current = attempts[position])) {
        position += 1;
        try {
          const lifecycles = (await current.load()) ?? null;
          if (!lifecycles || typeof lifecycles.mount === 'undefined') {
            throw new Error(`${name}: no lifecycles`);
          }
          inner = lifecycles;
          return true;
        } catch (error) {
          fail('load', error);
        }
      }
      return false;
    }

    const showFallback = () => {
      cleanup ??= renderFallback(getElement());
    };

    await loadNext();

    return {
      // Bootstrapping happens on the first mount of each version, so a version whose bootstrap
      // throws is replaced there like one whose mount throws.
      async bootstrap() {},
      async mount(props) {
        while (inner) {
          const lifecycles = inner;
          let mounting = false;
          try {
            if (!bootstrapped) {
              await run(lifecycles.bootstrap, props);
              bootstrapped = true;
            }
            mounting = true;
            await run(lifecycles.mount, props);
            return;
          } catch (error) {
            fail('mount', error);
            if (mounting) {
              try {
                await run(lifecycles.unmount, props);
              } catch {
                // The half-mounted app may not unmount cleanly; what replaces it clears the area.
              }
            }
            getElement().replaceChildren();
            await loadNext();
          }
        }
        showFallback();
      },
      async unmount(props) {
        if (cleanup) {
          cleanup();
          cleanup = null;
          return;
        }
        if (!inner) return;
        try {
          await run(inner.unmount, props);
        } catch (error) {
          console.error(`[${name}] unmount threw`, error);
          getElement().replaceChildren();
        }
      },
    };
  };
}
