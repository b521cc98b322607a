import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Wallet } from '@ajo/shared/entities';
import { WalletCard } from './wallet-card';

const wallet = (over: Partial<Wallet> = {}): Wallet => ({
  id: 1,
  name: 'Ajo Wallet',
  account_no: '1100012345',
  balance: 25_000,
  available_balance: 25_000,
  product_id: 1,
  account_status: 'active',
  ...over,
});

describe('the wallet card while card payments hold money', () => {
  it('shows the available balance and what is reserved beside the balance, once shown', async () => {
    render(<WalletCard wallet={wallet({ available_balance: 19_500.5 })} />);
    expect(screen.queryByText(/Available:/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show Ajo Wallet balance' }));
    expect(screen.getByText('₦25,000.00')).toBeInTheDocument();
    expect(
      screen.getByText('Available: ₦19,500.50 (₦5,499.50 reserved for card payments)'),
    ).toBeInTheDocument();
  });

  it('says nothing more when nothing is held, or the middleware does not say', async () => {
    const { rerender } = render(<WalletCard wallet={wallet()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show Ajo Wallet balance' }));
    expect(screen.queryByText(/Available:/)).not.toBeInTheDocument();
    rerender(<WalletCard wallet={wallet({ available_balance: undefined })} />);
    expect(screen.queryByText(/Available:/)).not.toBeInTheDocument();
  });
});
