import { BrowserRouter, Route, Routes } from '@ajo/shared/router';
import { WalletToBankScreen } from '../features/wallet-to-bank/components/wallet-to-bank-screen';
import { WalletToWalletScreen } from '../features/wallet-to-wallet/components/wallet-to-wallet-screen';

// Opt in to v7 behaviour now (and silence the v6 deprecation warnings).
const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

/** The routes this remote owns (host route table, SPEC §2); the host mounts it only on them. */
export function RemoteRoot() {
  return (
    <BrowserRouter future={ROUTER_FUTURE}>
      <Routes>
        <Route path="/dashboard/transfers/other-wallet" element={<WalletToWalletScreen />} />
        <Route path="/dashboard/transfers/wallet-to-bank" element={<WalletToBankScreen />} />
        <Route path="*" element={null} />
      </Routes>
    </BrowserRouter>
  );
}
