// The first screen painted from HTML (docs/decisions/025-the-first-screen-painted-from-html.md): the
// app server may serve a page with an inert picture of its first screen and #root hidden
// (control-plane/src/first-paint.ts). The shell draws the live page into the hidden #root; once that
// shows the same screen (the element the picture names appears, and no screen is still loading),
// the picture goes and #root shows, in one frame, so nothing moves and nothing flashes.

/** The element the picture is served in (control-plane/src/first-paint.ts names the same). */
export const FIRST_PAINT_ID = 'ajo-first-paint';
/** A screen still on its way (remote-kit's ScreenSuspense). */
const SCREEN_LOADING = '[data-screen-loading]';
/** The shell's and the remotes' error screen (@ajo/shared/ui ErrorFallback): shown at once. */
const ERROR_SCREEN = '#ajo-fallback-title';
/**
 * However the live page fares, the picture never stays longer than this: it cannot be used (it is
 * inert), so a page that never draws the named element is shown as it is.
 */
export const REVEAL_AT_THE_LATEST_MS = 10_000;

/**
 * Calls `then` once the browser has recorded the picture's paint (its largest-contentful-paint
 * entry). On a phone the picture is painted long before the live page is ready; on a fast machine
 * the two can fall in consecutive frames, and a picture removed before the browser recorded its
 * paint would leave the live copy of the same screen counted as the page's largest paint. Where the
 * browser records no such entries, at once.
 */
export function whenPaintRecorded(then: () => void): void {
  const supported = globalThis.PerformanceObserver?.supportedEntryTypes ?? [];
  if (!supported.includes('largest-contentful-paint')) {
    then();
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().length === 0) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
}

/**
 * Swaps the picture for the live page in `root` when the live page is ready and the picture's paint
 * is on record. Nothing to do when the page came without a picture. Answers a function that swaps
 * at once (used on failures).
 */
export function revealWhenReady(
  root: HTMLElement,
  doc: Document = document,
  { latestMs = REVEAL_AT_THE_LATEST_MS, paintRecorded = whenPaintRecorded } = {},
): () => void {
  const picture = doc.getElementById(FIRST_PAINT_ID);
  if (!picture) {
    root.hidden = false;
    return () => undefined;
  }
  const target = picture.dataset.revealOn;
  let painted = false;
  const ready = () =>
    root.querySelector(ERROR_SCREEN) !== null ||
    (painted &&
      target !== undefined &&
      root.querySelector(`[id="${target}"]`) !== null &&
      root.querySelector(SCREEN_LOADING) === null);
  let done = false;
  const observer = new MutationObserver(() => {
    if (ready()) reveal();
  });
  const timer = setTimeout(() => reveal(), latestMs);
  function reveal() {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    picture?.remove();
    root.hidden = false;
    // A page opened at an anchor: the live page scrolled to it while hidden, which does nothing
    // (the picture has no ids to scroll to), so it is scrolled to now.
    const anchor = (doc.location?.hash ?? '').replace(/^#/, '');
    if (anchor) doc.getElementById(safelyDecoded(anchor))?.scrollIntoView();
  }
  // The named element appearing, a loading spinner or the error screen coming or going: all are
  // elements added or removed.
  observer.observe(root, { childList: true, subtree: true });
  paintRecorded(() => {
    painted = true;
    if (ready()) reveal();
  });
  if (ready()) reveal();
  return reveal;
}

/** A URL's anchor as text; a malformed escape is kept as it is rather than throwing. */
function safelyDecoded(anchor: string): string {
  try {
    return decodeURIComponent(anchor);
  } catch {
    return anchor;
  }
}
