import { BrowserRouter, Route, Routes } from '@ajo/shared/router';
import { CardsScreen } from '../features/cards/components/cards-screen';

// Opt in to v7 behaviour now (and silence the v6 deprecation warnings).
const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
const ROUTE = '/dashboard/cards';

/** The routes remote.json declares (its test holds them together); the shell mounts it only there. */
export function RemoteRoot() {
  return (
    <BrowserRouter future={ROUTER_FUTURE}>
      <Routes>
        <Route path={ROUTE} element={<CardsScreen />} />
        <Route path="*" element={null} />
      </Routes>
    </BrowserRouter>
  );
}
