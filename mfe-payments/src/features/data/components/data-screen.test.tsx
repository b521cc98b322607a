import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_INITIATING_DATA_PURCHASE } from '@ajo/shared/messages';
import {
  api,
  apiError,
  customer,
  renderRoute,
  resetHost,
  session,
  toasts,
} from '@ajo/remote-kit/testing';
import { purchaseAnswer } from '../../../lib/test-purchases';
import { DataScreen } from './data-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

const PLANS = [
  {
    DATA_PLAN: 'mtn-10mb-100',
    DATAPLAN_DESC: 'N100 100MB - 24 hrs',
    AMOUNT: 100,
    OPERATOR: 'mtnng',
  },
  {
    DATA_PLAN: 'mtn-1gb-1000',
    DATAPLAN_DESC: 'N1000 1.5GB - 30 days',
    AMOUNT: 1000,
    OPERATOR: 'mtnng',
  },
  {
    DATA_PLAN: 'glo-1000',
    DATAPLAN_DESC: 'Glo Data N1000 - 2.5GB - 30 days',
    AMOUNT: 1000,
    OPERATOR: 'glong',
  },
];

beforeEach(() => {
  resetHost();
  session.loadUser.mockImplementation(async () => {
    session.setUser(customer());
    return customer();
  });
  api.get.mockResolvedValue({ status: 200, data: { data: PLANS } });
});

async function open() {
  renderRoute(<DataScreen />, '/dashboard/payments/data');
  const user = userEvent.setup();
  await screen.findByRole('combobox', { name: /Source wallet/ });
  await waitFor(() =>
    expect(api.get).toHaveBeenCalledWith('/data/get-data-plans', expect.anything()),
  );
  return user;
}

const select = (name: RegExp) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const planLabels = () =>
  within(select(/Data plan/))
    .getAllByRole('option')
    .map((o) => o.textContent);
const amount = () => screen.getByRole('textbox', { name: /Amount/ }) as HTMLInputElement;

describe('/dashboard/payments/data', () => {
  it("lists only the chosen network's plans and sets the read-only amount from the plan", async () => {
    const user = await open();
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '08031234567');
    expect(select(/Network/).value).toBe('mtnng');
    expect(planLabels()).toEqual([
      'Select data plan',
      'N100 100MB - 24 hrs',
      'N1000 1.5GB - 30 days',
    ]);
    await user.selectOptions(select(/Data plan/), 'mtn-1gb-1000');
    expect(amount().value).toBe('1000');
    expect(amount()).toHaveAttribute('readonly');
  });

  it('resets the plan and the amount when the network changes', async () => {
    const user = await open();
    await user.selectOptions(select(/Network/), 'mtnng');
    await user.selectOptions(select(/Data plan/), 'mtn-10mb-100');
    await user.selectOptions(select(/Network/), 'glong');
    expect(select(/Data plan/).value).toBe('');
    expect(amount().value).toBe('');
    expect(planLabels()).toEqual(['Select data plan', 'Glo Data N1000 - 2.5GB - 30 days']);
  });

  it('buys the plan with the 234 number', async () => {
    api.encrypted.post.mockResolvedValue(
      purchaseAnswer(
        { product: 'data', provider: 'GLO', amount: 1000 },
        'userReference',
        'Your data purchase was successful.',
      ),
    );
    const user = await open();
    await user.selectOptions(select(/Source wallet/), '1100000001');
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '08051234567');
    await user.selectOptions(select(/Data plan/), 'glo-1000');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(screen.getByText('Glo Data N1000 - 2.5GB - 30 days')).toBeInTheDocument();
    await user.type(await screen.findByLabelText(/Transaction PIN/), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Your data purchase was successful.')).toBeInTheDocument();
    expect(api.encrypted.post).toHaveBeenCalledWith(
      '/data/buy-data',
      {
        amount: 1000,
        dataplan: 'glo-1000',
        phoneNumber: '2348051234567',
        network: 'glong',
        wallet_account_number: '1100000001',
        wallet_name: 'Main Wallet',
        transaction_pin: '123456',
      },
      expect.anything(),
    );
  });

  it('toasts the SPEC §8 fallback when the plans cannot be loaded', async () => {
    api.get.mockRejectedValue(apiError(503));
    renderRoute(<DataScreen />, '/dashboard/payments/data');
    await waitFor(() => expect(toasts()).toContainEqual(['error', ERROR_INITIATING_DATA_PURCHASE]));
  });
});
