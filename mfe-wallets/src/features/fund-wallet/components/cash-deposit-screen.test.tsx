import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { customer, renderRoute, resetHost, session } from '@ajo/remote-kit/testing';
import { CashDepositScreen } from './cash-deposit-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

beforeEach(() => {
  resetHost();
  session.loadUser.mockImplementation(async () => {
    session.setUser(customer());
    return customer();
  });
});

function currentStep() {
  return screen
    .getAllByRole('listitem')
    .find((item) => item.getAttribute('aria-current') === 'step')?.textContent;
}

describe('/dashboard/fund-wallet/cash-deposit', () => {
  it('walks through the three steps of SPEC §2 and back', async () => {
    renderRoute(<CashDepositScreen />, '/dashboard/fund-wallet/cash-deposit');
    const user = userEvent.setup();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(currentStep()).toBe('Give cash to a POS agent');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(currentStep()).toBe('Confirm your account');
    expect(await screen.findByText(/1100000001/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(currentStep()).toBe('Transaction successful');
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(currentStep()).toBe('Confirm your account');
  });
});
