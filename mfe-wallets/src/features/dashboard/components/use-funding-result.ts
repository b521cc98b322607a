// The sandbox checkout returns to /dashboard?funding=success|cancelled. Show a toast once
// and drop the query so a reload does not repeat it.
import { useEffect } from 'react';
import { useLocation, useNavigate } from '@ajo/shared/router';
import { showToast } from '@ajo/remote-kit/services';

export const FUNDING_SUCCESS = 'Your wallet has been funded successfully.';
export const FUNDING_CANCELLED = 'Wallet funding was cancelled.';

export function useFundingResult(onFunded: () => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const funding = new URLSearchParams(location.search).get('funding');
    if (funding !== 'success' && funding !== 'cancelled') return;
    if (funding === 'success') {
      void showToast('success', FUNDING_SUCCESS);
      onFunded();
    } else {
      void showToast('info', FUNDING_CANCELLED);
    }
    navigate(location.pathname, { replace: true });
  }, [location.search, location.pathname, navigate, onFunded]);
}
