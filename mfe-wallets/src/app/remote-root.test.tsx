import { render, screen } from '@testing-library/react';
import { RemoteRoot } from './remote-root';

// The screens load the user through host/session; a stand-in keeps these tests off the network.
jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

describe('wallets routes', () => {
  it.each([
    ['/dashboard', 'Dashboard'],
    ['/dashboard/fund-wallet/cash-deposit', 'Cash Deposit'],
    ['/dashboard/fund-wallet/bank-transfer', 'Bank Transfer'],
    ['/dashboard/transfers/bank-to-wallet', 'Fund Wallet'],
    ['/dashboard/transaction-history', 'Transaction History'],
    ['/dashboard/reports', 'My reports'],
  ])('renders the screen heading on %s', async (path, heading) => {
    window.history.pushState(null, '', path);
    render(<RemoteRoot />);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('renders nothing on a path it does not own', () => {
    window.history.pushState(null, '', '/somewhere-else');
    const { container } = render(<RemoteRoot />);
    expect(container).toBeEmptyDOMElement();
  });
});
