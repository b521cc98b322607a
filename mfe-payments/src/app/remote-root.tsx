import { lazyScreen, ScreenSuspense } from '@ajo/remote-kit/lazy-screen';
import { BrowserRouter, Route, Routes } from '@ajo/shared/router';
import { AirtimeScreen } from '../features/airtime/components/airtime-screen';

// The first route's screen stays in the entry, so the remote's first page waits for no chunk of its
// own (the others share most of its code); the others load with their route.
const DataScreen = lazyScreen(
  () => import('../features/data/components/data-screen'),
  'DataScreen',
);
const ElectricityScreen = lazyScreen(
  () => import('../features/electricity/components/electricity-screen'),
  'ElectricityScreen',
);
const CableTvScreen = lazyScreen(
  () => import('../features/cable-tv/components/cable-tv-screen'),
  'CableTvScreen',
);

// Opt in to v7 behaviour now (and silence the v6 deprecation warnings).
const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

/**
 * The routes this remote owns, as its remote.json declares them to the shell (SPEC §2; the shell
 * mounts it only on them, docs/decisions/038-remotes-declare-their-routes.md).
 */
export function RemoteRoot() {
  return (
    <BrowserRouter future={ROUTER_FUTURE}>
      <ScreenSuspense>
        <Routes>
          <Route path="/dashboard/payments/airtime" element={<AirtimeScreen />} />
          <Route path="/dashboard/payments/electricity" element={<ElectricityScreen />} />
          <Route path="/dashboard/payments/data" element={<DataScreen />} />
          <Route path="/dashboard/payments/cable-tv" element={<CableTvScreen />} />
          <Route path="*" element={null} />
        </Routes>
      </ScreenSuspense>
    </BrowserRouter>
  );
}
