// Failure isolation (issue item 6): a remote whose manifest or code cannot load, whose module throws
// at load, or whose bootstrap/mount throws shows the generic fallback in its own area only. The
// wrapped lifecycles never reject, so single-spa never marks the app broken and the shell and the
// other remotes keep working.
import type { AppProps, LifeCycleFn, LifeCycles } from 'single-spa';

export type AnyLifecycles = LifeCycles<Record<string, unknown>>;
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

async function run(fn: Fn | undefined, props: AppProps & Record<string, unknown>): Promise<void> {
  if (!fn) return;
  for (const step of Array.isArray(fn) ? fn : [fn]) await step(props);
}

export function withFallback(
  name: string,
  load: () => Promise<AnyLifecycles | null | undefined>,
  getElement: () => HTMLElement,
  renderFallback: FallbackRenderer,
): () => Promise<SafeLifecycles> {
  return async () => {
    let inner: AnyLifecycles | null = null;
    try {
      inner = (await load()) ?? null;
      if (!inner || typeof inner.mount === 'undefined') throw new Error(`${name}: no lifecycles`);
    } catch (error) {
      console.error(`[${name}] failed to load; showing the fallback`, error);
      inner = null;
    }
    let broken = inner === null;
    let cleanup: (() => void) | null = null;

    const showFallback = () => {
      cleanup ??= renderFallback(getElement());
    };

    return {
      async bootstrap(props) {
        if (broken || !inner) return;
        try {
          await run(inner.bootstrap, props);
        } catch (error) {
          console.error(`[${name}] bootstrap threw; showing the fallback`, error);
          broken = true;
        }
      },
      async mount(props) {
        if (broken || !inner) return showFallback();
        try {
          await run(inner.mount, props);
        } catch (error) {
          console.error(`[${name}] mount threw; showing the fallback`, error);
          try {
            await run(inner.unmount, props);
          } catch {
            // The half-mounted app may not unmount cleanly; the fallback replaces it anyway.
          }
          getElement().replaceChildren();
          showFallback();
        }
      },
      async unmount(props) {
        if (cleanup) {
          cleanup();
          cleanup = null;
          return;
        }
        if (broken || !inner) return;
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
