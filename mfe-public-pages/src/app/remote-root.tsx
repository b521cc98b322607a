import { Suspense, lazy } from 'react';
import { LandingPage } from '../features/landing/components/landing-page';
import { isLandingPath } from './public-paths';
import { usePathname } from '@ajo/remote-kit/use-pathname';

// Every page but the landing page sits behind the router, loaded on first need.
const RoutedPages = lazy(() => import('./routed-pages'));

/** Landing is the first page people see: rendered at once, with no router and no form code. */
export function RemoteRoot() {
  const pathname = usePathname();
  if (isLandingPath(pathname)) return <LandingPage />;
  return (
    <Suspense fallback={<p role="status">Loading…</p>}>
      <RoutedPages />
    </Suspense>
  );
}
