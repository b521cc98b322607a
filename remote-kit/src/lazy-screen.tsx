// A route's screen in a chunk of its own, loaded when its route is visited, so a page downloads only
// the screen it shows (docs/decisions/017-compressed-and-budgeted-first-pages.md).
import {
  Suspense,
  lazy,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { Spinner } from '@ajo/shared/ui';

/** `lazyScreen(() => import('./x-screen'), 'XScreen')`: the named export as a lazy component. */
export function lazyScreen<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/**
 * Marks the spinner shown while a screen's chunk is on its way. The mount check before a version
 * goes live (control-plane/src/mount-check-page.ts) waits until no element carries it, so it judges the
 * screen itself, lazy or not, never the spinner (docs/decisions/022-a-version-is-mounted-before-it-
 * goes-live.md).
 */
export const SCREEN_LOADING_ATTRIBUTE = 'data-screen-loading';

/** Around a remote's routes: the spinner shows while a screen's chunk is on its way. */
export function ScreenSuspense({ children }: { children: ReactNode }) {
  // `display: contents`: the marker adds no box, so the spinner sits where it always did.
  const fallback = (
    <span {...{ [SCREEN_LOADING_ATTRIBUTE]: '' }} style={{ display: 'contents' }}>
      <Spinner size="large" />
    </span>
  );
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
