// The state of the link as the page's inline script keeps it (host/public/index.html,
// docs/decisions/036-a-service-worker-of-our-own.md): <html data-offline> while it is down, the
// 'ajo:link' event on every change; a failed request is reported to it as 'ajo:link-failed'.

export const LINK_EVENT = 'ajo:link';
export const LINK_FAILED_EVENT = 'ajo:link-failed';

export interface Link {
  /** True while the link is known to be down. */
  isDown(): boolean;
  /** A request got no answer at all: the page checks the link (and says so while it is down). */
  reportFailure(): void;
  /** Resolves once the link is back, or at once when `signal` aborts. */
  whenBack(signal?: AbortSignal): Promise<void>;
}

/** The page's link; on a page without the inline script, the browser's own online state. */
export function pageLink(win: Window | undefined = globalThis.window): Link {
  const isDown = () =>
    win !== undefined &&
    (win.document.documentElement.hasAttribute('data-offline') || win.navigator.onLine === false);
  return {
    isDown,
    reportFailure: () => win?.dispatchEvent(new Event(LINK_FAILED_EVENT)),
    whenBack: (signal) =>
      new Promise<void>((resolve) => {
        if (!win || !isDown() || signal?.aborted) return resolve();
        const done = () => {
          if (isDown() && !signal?.aborted) return;
          win.removeEventListener(LINK_EVENT, done);
          win.removeEventListener('online', done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        win.addEventListener(LINK_EVENT, done);
        // Without the inline script (a static host) the browser's event is all there is.
        win.addEventListener('online', done);
        signal?.addEventListener('abort', done);
      }),
  };
}
