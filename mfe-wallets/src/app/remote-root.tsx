import { BrowserRouter, Route, Routes } from '@ajo/shared/router';
import { BankToWalletScreen } from '../features/fund-wallet/components/bank-to-wallet-screen';
import { BankTransferFundingScreen } from '../features/fund-wallet/components/bank-transfer-funding-screen';
import { CashDepositScreen } from '../features/fund-wallet/components/cash-deposit-screen';
import { DashboardOverviewScreen } from '../features/dashboard/components/dashboard-overview-screen';
import { TransactionHistoryScreen } from '../features/transaction-history/components/transaction-history-screen';

// Opt in to v7 behaviour now (and silence the v6 deprecation warnings).
const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

/** The routes this remote owns (host route table, SPEC §2); the host mounts it only on them. */
export function RemoteRoot() {
  return (
    <BrowserRouter future={ROUTER_FUTURE}>
      <Routes>
        <Route path="/dashboard" element={<DashboardOverviewScreen />} />
        <Route path="/dashboard/fund-wallet/cash-deposit" element={<CashDepositScreen />} />
        <Route
          path="/dashboard/fund-wallet/bank-transfer"
          element={<BankTransferFundingScreen />}
        />
        <Route path="/dashboard/transfers/bank-to-wallet" element={<BankToWalletScreen />} />
        <Route path="/dashboard/transaction-history" element={<TransactionHistoryScreen />} />
        <Route path="*" element={null} />
      </Routes>
    </BrowserRouter>
  );
}
