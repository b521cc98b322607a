import { BrowserRouter, Route, Routes } from '@ajo/shared/router';
import { SettingsScreen } from '../features/settings/components/settings-screen';

// Opt in to v7 behaviour now (and silence the v6 deprecation warnings).
const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

/**
 * The routes this remote owns (host route table, SPEC §2); the host mounts it only on them. Both
 * show the settings screen: /settings/delete-account opens its More tab.
 */
export function RemoteRoot() {
  return (
    <BrowserRouter future={ROUTER_FUTURE}>
      <Routes>
        <Route path="/settings" element={<SettingsScreen />} />
        <Route path="/settings/delete-account" element={<SettingsScreen />} />
        <Route path="*" element={null} />
      </Routes>
    </BrowserRouter>
  );
}
