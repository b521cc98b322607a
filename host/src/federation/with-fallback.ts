// Failure isolation and the last known good version (docs/decisions/020-last-known-good-fallback.md).
// An area tries the versions of its remote in order: the one the registry chose for this browser,
// then its fallback. A version whose manifest or code cannot load, whose module throws at load, or
// whose bootstrap or mount throws is reported and the next version is loaded and mounted in its
// place, for this mount and every later one in the tab. Only when no version works does the area
// show the generic fallback screen. The wrapped lifecycles never reject, so single-spa never marks
// the app broken and the shell and the other remotes keep working. Two failures no lifecycle
// reports (docs/decisions/045-release-safety-in-the-browser.md): an area still empty a few seconds
// after its mount is a failed mount (reported, the next version mounted in its place), and an error
// the remote's own error boundary caught (remote-kit's lifecycles call the REPORT_RENDER_ERROR prop
// the shell passes with the mount) is reported against the version mounted, which stays.
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

/**
 * "More than a few seconds": a slow screen shows a spinner or a skeleton well before this (the
 * failure's message says 5 s).
 */
export const EMPTY_AFTER_MS = 5000;

/**
 * The mount prop through which a remote reports an error its error boundary caught; the name is a
 * contract with @ajo/remote-kit's lifecycles (remote-kit/src/lifecycles.tsx), kept the same there.
 */
export const REPORT_RENDER_ERROR = 'ajoReportRenderError';

/** Nothing a customer can see or use: no text, no media, no control, nothing with a role. */
export function isEmptyArea(element: HTMLElement): boolean {
  return (
    !element.textContent?.trim() &&
    !element.querySelector('img,svg,canvas,input,button,select,textarea,[role]')
  );
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
    /** The empty-area check of the mount in place; a new mount or an unmount ends it. */
    let emptyCheck: ReturnType<typeof setTimeout> | undefined;
    /** Counts mounts and unmounts: a check that outlived its mount does nothing. */
    let generation = 0;

    const report = (failure: FailureReport) => {
      try {
        onFailure?.(failure);
      } catch {
        // Reporting is best effort; the customer's screen comes first.
      }
    };

    const fail = (phase: FailurePhase, error: unknown) => {
      const version = current?.version ?? null;
      const label = version ? `${name}@${version}` : name;
      const next = attempts[position]?.version;
      console.error(
        `[${name}] ${label} failed to ${phase}; ${next ? `loading ${next} instead` : 'showing the fallback'}`,
        error,
      );
      report({ version, phase, error });
    };

    /** The props a version is mounted with: the shell's, and where to report a render error. */
    const withReporter = (props: Props): Props => {
      const version = current?.version ?? null;
      return {
        ...props,
        // The remote's own console already shows the error; this counts it.
        [REPORT_RENDER_ERROR]: (error: unknown) => {
          report({ version, phase: 'render', error });
        },
      };
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

    const stopEmptyCheck = () => clearTimeout(emptyCheck);

    /** Takes the version in place out of the area after it failed, and loads the next one. */
    async function replace(lifecycles: AnyLifecycles, props: Props, mounted: boolean) {
      if (mounted) {
        try {
          await run(lifecycles.unmount, props);
        } catch {
          // The half-mounted app may not unmount cleanly; what replaces it clears the area.
        }
      }
      getElement().replaceChildren();
      await loadNext();
    }

    /** Mounts the version in place, else the next ones in turn, else the generic fallback. */
    async function mountFrom(props: Props, mine: number): Promise<void> {
      stopEmptyCheck();
      while (inner && mine === generation) {
        const lifecycles = inner;
        let mounting = false;
        try {
          if (!bootstrapped) {
            await run(lifecycles.bootstrap, props);
            bootstrapped = true;
          }
          mounting = true;
          await run(lifecycles.mount, withReporter(props));
          watchForEmpty(lifecycles, props, mine);
          return;
        } catch (error) {
          fail('mount', error);
          await replace(lifecycles, props, mounting);
        }
      }
      if (mine === generation) showFallback();
    }

    /** A version whose area is still empty EMPTY_AFTER_MS after its mount failed to mount. */
    function watchForEmpty(lifecycles: AnyLifecycles, props: Props, mine: number) {
      emptyCheck = setTimeout(() => {
        if (mine !== generation || inner !== lifecycles || !isEmptyArea(getElement())) return;
        fail('mount', new Error('rendered nothing within 5 s'));
        void replace(lifecycles, props, true).then(() => mountFrom(props, mine));
      }, EMPTY_AFTER_MS);
    }

    await loadNext();

    return {
      // Bootstrapping happens on the first mount of each version, so a version whose bootstrap
      // throws is replaced there like one whose mount throws.
      async bootstrap() {},
      async mount(props) {
        generation += 1;
        await mountFrom(props, generation);
      },
      async unmount(props) {
        generation += 1;
        stopEmptyCheck();
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
