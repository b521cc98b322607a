import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_GETTING_TRANSACTION_HISTORY } from '@ajo/shared/messages';
import {
  api,
  apiError,
  busEvents,
  customer,
  renderRoute,
  resetHost,
  session,
  toasts,
} from '@ajo/remote-kit/testing';
import { TransactionHistoryScreen } from './transaction-history-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

const rows = [
  {
    transaction_date: '2026-11-21T09:00:00.000Z',
    transaction_type: 'intra-inward',
    amount: 1500,
    narration: 'From Tunde',
  },
  {
    transaction_date: '2026-11-20T09:00:00.000Z',
    transaction_type: 'intra-outward',
    amount: 300,
    narration: 'To Bisi',
  },
  {
    transaction_date: '2026-11-19T09:00:00.000Z',
    transaction_type: 'inter-inward',
    amount: 5000,
    narration: 'From Bola (GTBank)',
  },
  {
    transaction_date: '2026-11-18T09:00:00.000Z',
    transaction_type: 'inter-outward',
    amount: 2000,
    narration: 'To GTBank',
  },
  {
    transaction_date: '2026-11-17T09:00:00.000Z',
    transaction_type: 'card-top-up-inward',
    amount: 10000,
    narration: 'Card funding',
  },
  {
    transaction_date: '2026-11-16T09:00:00.000Z',
    transaction_type: 'airtime',
    amount: 100,
    narration: 'MTN',
  },
  {
    transaction_date: '2026-11-15T10:00:00.000Z',
    transaction_type: 'funding',
    amount: 50,
    narration: 'Unlabelled funding',
  },
  {
    transaction_date: '2026-11-15T09:00:00.000Z',
    transaction_type: 'credit',
    amount: 300,
    narration: 'Reversal of a failed transfer',
  },
];

beforeEach(() => {
  resetHost();
  session.loadUser.mockImplementation(async () => {
    session.setUser(customer());
    return customer();
  });
  api.get.mockResolvedValue({ status: 200, data: { transactionHistory: rows } });
});

async function renderHistory() {
  renderRoute(<TransactionHistoryScreen />, '/dashboard/transaction-history');
  await screen.findByRole('table');
  return userEvent.setup();
}

function amountCell(narration: string) {
  const row = screen.getByRole('row', {
    name: (name) => name.endsWith(` ${narration}`),
  });
  return within(row).getAllByRole('cell')[2];
}

describe('/dashboard/transaction-history', () => {
  it('hides the commission wallet number in the wallet selector', async () => {
    await renderHistory();
    const select = screen.getByRole('combobox', { name: 'Wallet' });
    const labels = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(labels).toEqual(['Main Wallet - 1100000001', 'Commission Wallet']);
  });

  it('offers Mini statement as the only statement type', async () => {
    await renderHistory();
    const select = screen.getByRole('combobox', { name: 'Statement type' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Mini statement']);
  });

  it('shows Date, Type, Amount and Narration with the SPEC labels', async () => {
    await renderHistory();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Date',
      'Type',
      'Amount',
      'Narration',
      'Report',
    ]);
    expect(screen.getByRole('cell', { name: 'Ajo Transfer (Credit)' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Ajo Transfer (Debit)' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Bank Transfer (Credit)' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Bank Transfer (Debit)' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Card Top-up (Credit)' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '₦5,000.00' })).toBeInTheDocument();
  });

  it('colours credits primary and every other type red, row by row', async () => {
    await renderHistory();
    // SPEC §9 and docs/decisions/014-money-in-is-never-red.md: credits (credit and every
    // '-inward' type, a card top-up included) use the primary colour; all others red, raw types
    // the server does not label (airtime, a bare 'funding') included.
    const tones = Object.fromEntries(
      rows.map((row) => [row.narration, amountCell(row.narration)?.getAttribute('data-tone')]),
    );
    expect(tones).toEqual({
      'From Tunde': 'primary',
      'To Bisi': 'danger',
      'From Bola (GTBank)': 'primary',
      'To GTBank': 'danger',
      'Card funding': 'primary',
      'Unlabelled funding': 'danger',
      MTN: 'danger',
      'Reversal of a failed transfer': 'primary',
    });
  });

  it('asks for the mini statement of the chosen wallet', async () => {
    const user = await renderHistory();
    expect(api.get).toHaveBeenLastCalledWith('/transactions', {
      params: { wallet_account_number: '1100000001', type: 'mini' },
      signal: expect.any(AbortSignal),
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Wallet' }), 'Commission Wallet');
    await waitFor(() =>
      expect(api.get).toHaveBeenLastCalledWith('/transactions', {
        params: { wallet_account_number: '1100000004', type: 'mini' },
        signal: expect.any(AbortSignal),
      }),
    );
  });

  it("toasts the server's message, else 'Error getting transaction history'", async () => {
    api.get.mockRejectedValueOnce(apiError(409, 'Statement is being prepared'));
    renderRoute(<TransactionHistoryScreen />, '/dashboard/transaction-history');
    await waitFor(() => expect(toasts()).toEqual([['error', 'Statement is being prepared']]));
    api.get.mockRejectedValueOnce(apiError(500));
    act(() => busEvents.next({ type: 'wallets-changed' }));
    await waitFor(() =>
      expect(toasts()).toEqual([
        ['error', 'Statement is being prepared'],
        ['error', ERROR_GETTING_TRANSACTION_HISTORY],
      ]),
    );
    // A bare status word is no message for a customer: the fallback is shown instead.
    api.get.mockRejectedValueOnce(apiError(403, 'Forbidden'));
    act(() => busEvents.next({ type: 'wallets-changed' }));
    await waitFor(() => expect(toasts()).toHaveLength(3));
    expect(toasts()[2]).toEqual(['error', ERROR_GETTING_TRANSACTION_HISTORY]);
  });

  it('refreshes the rows when money moves and on returning to the tab', async () => {
    await renderHistory();
    api.get.mockResolvedValue({
      status: 200,
      data: { transactionHistory: [{ ...rows[4], narration: 'New card funding' }] },
    });
    act(() => busEvents.next({ type: 'wallets-changed' }));
    expect(await screen.findByText('New card funding')).toBeInTheDocument();
    api.get.mockResolvedValue({
      status: 200,
      data: { transactionHistory: [{ ...rows[2], narration: 'Back in the tab' }] },
    });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(await screen.findByText('Back in the tab')).toBeInTheDocument();
  });

  describe('on a phone', () => {
    const matchMedia = window.matchMedia;
    beforeEach(() => {
      window.matchMedia = jest.fn((query: string) => ({
        matches: false,
        media: query,
        addEventListener: jest.fn(),
        removeEventListener: jest.fn(),
      })) as unknown as typeof window.matchMedia;
    });
    afterEach(() => {
      window.matchMedia = matchMedia;
    });

    it('shows each entry as a readable row (type, amount, date, narration) instead of the table', async () => {
      renderRoute(<TransactionHistoryScreen />, '/dashboard/transaction-history');
      const list = await screen.findByRole('list');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const entries = within(list).getAllByRole('listitem');
      expect(entries).toHaveLength(rows.length);
      const topUp = entries.find((entry) => within(entry).queryByText('Card funding'));
      expect(topUp).toBeDefined();
      expect(within(topUp as HTMLElement).getByText('Card Top-up (Credit)')).toBeInTheDocument();
      expect(within(topUp as HTMLElement).getByText('₦10,000.00')).toHaveAttribute(
        'data-tone',
        'primary',
      );
      // Lagos time, as the receipt and the alert date it, whatever the phone's zone.
      expect(within(topUp as HTMLElement).getByText('17 Nov 2026, 10:00')).toBeInTheDocument();
    });
  });
});
