import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ERROR_GETTING_SERVICE_PROVIDERS,
  ERROR_VERIFYING_ACCOUNT_NUMBER,
} from '@ajo/shared/messages';
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
import { TOKEN_COPY_BLOCKED } from '../../../lib/token-panel';
import { ElectricityScreen } from './electricity-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

const SERVICE_TYPES = [
  { service_type: 'ikeja-electric-prepaid', name: 'Ikeja Electric (IKEDC) Prepaid', product_id: 1 },
  {
    service_type: 'ikeja-electric-postpaid',
    name: 'Ikeja Electric (IKEDC) Postpaid',
    product_id: 2,
  },
];
const METER = {
  name: 'TESTMETER ONE',
  address: '12 Allen Avenue, Ikeja, Lagos',
  meter_type: 'prepaid',
  minimum_amount: 1000,
  arrears: 0,
};

/** The encrypted calls by URL: service types, meter check, purchase. */
function answer(purchase: unknown = purchaseAnswer()) {
  api.encrypted.post.mockImplementation(async (url: string) => {
    if (url.endsWith('/get-service-types'))
      return { status: 200, data: { serviceTypes: SERVICE_TYPES } };
    if (url.endsWith('/verify-meter')) return { status: 200, data: { meter: METER } };
    return purchase;
  });
}

beforeEach(() => {
  resetHost();
  session.loadUser.mockImplementation(async () => {
    session.setUser(customer());
    return customer();
  });
  answer();
});

async function fillValidated() {
  renderRoute(<ElectricityScreen />, '/dashboard/payments/electricity');
  const user = userEvent.setup();
  await user.selectOptions(
    await screen.findByRole('combobox', { name: /Source wallet/ }),
    '1100000001',
  );
  await screen.findByRole('option', { name: 'Ikeja Electric (IKEDC) Prepaid' });
  await user.selectOptions(
    screen.getByRole('combobox', { name: /Service provider/ }),
    'ikeja-electric-prepaid',
  );
  await user.type(screen.getByRole('textbox', { name: /Meter number/ }), '1111111111111');
  await user.click(screen.getByRole('button', { name: 'Validate' }));
  await screen.findByText('TESTMETER ONE');
  await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '08031234567');
  await user.type(screen.getByRole('textbox', { name: /Amount/ }), '5000');
  return user;
}

describe('/dashboard/payments/electricity', () => {
  it('validates the meter, shows name and address, and needs it before Proceed', async () => {
    const user = await fillValidated();
    expect(screen.getByText('12 Allen Avenue, Ikeja, Lagos', { exact: false })).toBeInTheDocument();
    expect(api.encrypted.post).toHaveBeenCalledWith(
      '/payments/categories/electricity/verify-meter',
      {
        meter_number: '1111111111111',
        service_type: 'ikeja-electric-prepaid',
      },
    );
    const proceed = screen.getByRole('button', { name: 'Proceed' });
    expect(proceed).toBeEnabled();
    // Another meter number: the verified details are gone until it is validated again.
    await user.type(screen.getByRole('textbox', { name: /Meter number/ }), '2');
    expect(screen.queryByText('TESTMETER ONE')).not.toBeInTheDocument();
    expect(proceed).toBeDisabled();
    expect(proceed).toHaveAccessibleDescription(
      'Still needed: a validated meter (press Validate).',
    );
  });

  it('keeps Proceed off below the meter’s minimum purchase', async () => {
    const user = await fillValidated();
    await user.clear(screen.getByRole('textbox', { name: /Amount/ }));
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '999');
    expect(screen.getByRole('button', { name: 'Proceed' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Proceed' })).toHaveAccessibleDescription(
      'Still needed: an amount at or above the minimum.',
    );
    expect(
      screen.getByText('The minimum purchase for this meter is ₦1,000.00.'),
    ).toBeInTheDocument();
  });

  /** A prepaid purchase through to its status step, the token shown. */
  async function buyPrepaid() {
    answer(
      purchaseAnswer(
        {
          product: 'electricity',
          provider: 'Ikeja Electric (IKEDC)',
          recipient: '1111111111111',
          description: 'Prepaid',
          amount: 5000,
          token: '12345678901234567890',
          units: '23.9',
        },
        'transactionRef',
        'Your electricity purchase was successful.',
      ),
    );
    const user = await fillValidated();
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await user.type(await screen.findByLabelText(/Transaction PIN/), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('1234-5678-9012-3456-7890')).toBeInTheDocument();
    return user;
  }

  it('shows a prepaid token as 0000-0000-0000-0000-0000 with its units, and copies it', async () => {
    const user = await buyPrepaid();
    expect(screen.getByText('23.9 kWh')).toBeInTheDocument();
    expect(api.encrypted.post).toHaveBeenCalledWith(
      '/payments/categories/electricity/buy-electricity',
      expect.objectContaining({
        phone_number: '2348031234567',
        amount: 5000,
        account_details: { name: 'TESTMETER ONE', address: '12 Allen Avenue, Ikeja, Lagos' },
        wallet_name: 'Main Wallet',
      }),
      expect.anything(),
    );
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy token' }));
    expect(writeText).toHaveBeenCalledWith('1234-5678-9012-3456-7890');
    expect(toasts()).toContainEqual(['success', 'Token copied to clipboard.']);
  });

  it('selects the token and says how to copy it when the browser refuses the clipboard', async () => {
    const user = await buyPrepaid();
    const writeText = jest.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const execCommand = jest.fn(() => false);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy token' }));
    expect(await screen.findByText(TOKEN_COPY_BLOCKED)).toBeInTheDocument();
    expect(window.getSelection()?.toString()).toBe('1234-5678-9012-3456-7890');
    expect(screen.getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    expect(toasts()).not.toContainEqual(['success', 'Token copied to clipboard.']);
  });

  it('copies the token through the selection when there is no clipboard API at all', async () => {
    const user = await buyPrepaid();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const execCommand = jest.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy token' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(toasts()).toContainEqual(['success', 'Token copied to clipboard.']);
  });

  it('shows no token for postpaid', async () => {
    answer(purchaseAnswer({ product: 'electricity', description: 'Postpaid' }, 'transactionRef'));
    const user = await fillValidated();
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await user.type(await screen.findByLabelText(/Transaction PIN/), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Transaction Successful' });
    expect(screen.queryByRole('button', { name: 'Copy token' })).not.toBeInTheDocument();
  });

  it('toasts the SPEC §8 fallback when the providers cannot be loaded', async () => {
    api.encrypted.post.mockRejectedValue(apiError(500));
    renderRoute(<ElectricityScreen />, '/dashboard/payments/electricity');
    await waitFor(() =>
      expect(toasts()).toContainEqual(['error', ERROR_GETTING_SERVICE_PROVIDERS]),
    );
  });

  it('toasts the SPEC §8 fallback when the meter check fails, and keeps Proceed off', async () => {
    api.encrypted.post.mockImplementation(async (url: string) => {
      if (url.endsWith('/get-service-types')) {
        return { status: 200, data: { serviceTypes: SERVICE_TYPES } };
      }
      throw apiError(404);
    });
    renderRoute(<ElectricityScreen />, '/dashboard/payments/electricity');
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Ikeja Electric (IKEDC) Prepaid' });
    await user.selectOptions(
      screen.getByRole('combobox', { name: /Service provider/ }),
      'ikeja-electric-prepaid',
    );
    await user.type(screen.getByRole('textbox', { name: /Meter number/ }), '999');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    await waitFor(() => expect(toasts()).toContainEqual(['error', ERROR_VERIFYING_ACCOUNT_NUMBER]));
    expect(screen.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  });
});
