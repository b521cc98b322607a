// A route's screen in a chunk of its own: a remote keeps its first screen in the entry and loads the
// others when their route is visited, so a page downloads only the screen it shows
// (docs/decisions/017-compressed-and-budgeted-first-pages.md).
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

/** Around a remote's routes: the spinner shows while a screen's chunk is on its way. */
export function ScreenSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner size="large" />}>{children}</Suspense>;
}
