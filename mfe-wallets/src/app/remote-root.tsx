import { lazyScreen, ScreenSuspense } from '@ajo/remote-kit/lazy-screen';
import { BrowserRouter, Route, Routes } from '@ajo/shared/router';
import { DashboardOverviewScreen } from '../features/dashboard/components/dashboard-overview-screen';

// The dashboard is the first screen of most visits: it stays in the entry, so it waits for no
// chunk of its own; the others load with their route, so the dashboard does not download the money
// flow, the funding screens and the history.
const CashDepositScreen = lazyScreen(
  () => import('../features/fund-wallet/components/cash-deposit-screen'),
  'CashDepositScreen',
);
const BankTransferFundingScreen = lazyScreen(
  () => import('../features/fund-wallet/components/bank-transfer-funding-screen'),
  'BankTransferFundingScreen',
);
const BankToWalletScreen = lazyScreen(
  () => import('../features/fund-wallet/components/bank-to-wallet-screen'),
  'BankToWalletScreen',
);
const TransactionHistoryScreen = lazyScreen(
  () => import('../features/transaction-history/components/transaction-history-screen'),
  'TransactionHistoryScreen',
);
const MyReportsScreen = lazyScreen(
  () => import('../features/disputes/components/my-reports-screen'),
  'MyReportsScreen',
);

const AlertsScreen = lazyScreen(
  () => import('../features/alerts/components/alerts-screen'),
  'AlertsScreen',
);

// Opt in to v7 behaviour now (and silence the v6 deprecation warnings).
const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

/** The routes this remote owns (host route table, SPEC §2); the host mounts it only on them. */
export function RemoteRoot() {
  return (
    <BrowserRouter future={ROUTER_FUTURE}>
      <ScreenSuspense>
        <Routes>
          <Route path="/dashboard" element={<DashboardOverviewScreen />} />
          <Route path="/dashboard/fund-wallet/cash-deposit" element={<CashDepositScreen />} />
          <Route
            path="/dashboard/fund-wallet/bank-transfer"
            element={<BankTransferFundingScreen />}
          />
          <Route path="/dashboard/transfers/bank-to-wallet" element={<BankToWalletScreen />} />
          <Route path="/dashboard/transaction-history" element={<TransactionHistoryScreen />} />
          <Route path="/dashboard/reports" element={<MyReportsScreen />} />
          <Route path="/dashboard/alerts" element={<AlertsScreen />} />
          <Route path="*" element={null} />
        </Routes>
      </ScreenSuspense>
    </BrowserRouter>
  );
}
