// The mini statement of one wallet, refreshed when money moves. Errors toast the server's
// message, else SPEC §8 'Error getting transaction history'.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ERROR_GETTING_TRANSACTION_HISTORY } from '@ajo/shared/messages';
import { errorMessage, showToast } from '@ajo/remote-kit/services';
import { useMoneyMoved } from '@ajo/remote-kit/use-money-moved';
import { fetchMiniStatement, type Transaction } from './wallets-api';

export interface MiniStatement {
  transactions: Transaction[];
  loading: boolean;
}

export function useMiniStatement(walletAccountNumber: string | undefined): MiniStatement {
  const [state, setState] = useState<MiniStatement>({ transactions: [], loading: false });
  const current = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    current.current?.abort();
    if (!walletAccountNumber) {
      setState({ transactions: [], loading: false });
      return;
    }
    const controller = new AbortController();
    current.current = controller;
    setState((previous) => ({ ...previous, loading: true }));
    fetchMiniStatement(walletAccountNumber, controller.signal)
      .then((transactions) => {
        if (!controller.signal.aborted) setState({ transactions, loading: false });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ transactions: [], loading: false });
        void showToast('error', errorMessage(error, ERROR_GETTING_TRANSACTION_HISTORY));
      });
  }, [walletAccountNumber]);

  useEffect(() => {
    load();
    return () => current.current?.abort();
  }, [load]);

  useMoneyMoved(load);
  return state;
}
