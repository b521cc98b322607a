import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ERROR_GETTING_CABLE_TV_PROVIDERS,
  ERROR_INITIATING_CABLE_TV_PURCHASE,
  ERROR_VERIFYING_SMARTCARD_NUMBER,
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
import { RECEIPT_COPIED } from '../../../lib/receipt';
import { purchaseAnswer } from '../../../lib/test-purchases';
import { CableTvScreen, formatDueDate } from './cable-tv-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

// The PDF library is a separate chunk, loaded only when Download PDF is pressed: the factory runs
// on the first import, so the count says when that happens (on globalThis: a static import would
// run the factory before this file's own lets).
const pdf = globalThis as typeof globalThis & { pdfLoads?: number; pdfSaved?: string[] };
jest.mock('jspdf', () => {
  const counter = globalThis as typeof globalThis & { pdfLoads?: number; pdfSaved?: string[] };
  counter.pdfLoads = (counter.pdfLoads ?? 0) + 1;
  return {
    jsPDF: class {
      setFontSize() {}
      text() {}
      save(name: string) {
        (counter.pdfSaved ??= []).push(name);
      }
    },
  };
});

const PROVIDERS = [
  { code: 'dstv', name: 'DStv', number_label: 'Smartcard number', number_length: 10 },
  { code: 'gotv', name: 'GOtv', number_label: 'IUC number', number_length: 10 },
  { code: 'startimes', name: 'StarTimes', number_label: 'Smartcard number', number_length: 11 },
];
const BOUQUETS = [
  { code: 'dstv-padi', name: 'DStv Padi', amount: 4400 },
  { code: 'dstv-compact', name: 'DStv Compact', amount: 19000 },
  { code: 'dstv-premium', name: 'DStv Premium', amount: 44500 },
];
const CUSTOMER = {
  name: 'TESTCARD DELIVERED',
  current_bouquet: 'DStv Compact',
  current_bouquet_code: 'dstv-compact',
  due_date: '2026-03-13',
};

const PURCHASE_URL = '/payments/categories/cable-tv/buy-cable-tv';

/** The encrypted calls by URL: providers, bouquets, smartcard check, purchase. */
function answer(purchase: unknown = cableAnswer(), refused = false) {
  api.encrypted.post.mockImplementation(async (url: string) => {
    if (url.endsWith('/get-providers')) return { status: 200, data: { providers: PROVIDERS } };
    if (url.endsWith('/get-bouquets')) return { status: 200, data: { bouquets: BOUQUETS } };
    if (url.endsWith('/verify-smartcard')) return { status: 200, data: { customer: CUSTOMER } };
    if (url === PURCHASE_URL) {
      if (refused) throw purchase;
      return purchase;
    }
    throw new Error(`unexpected call ${url}`);
  });
}

function cableAnswer(overrides: Parameters<typeof purchaseAnswer>[0] = {}, message?: string) {
  return purchaseAnswer(
    {
      product: 'cable-tv',
      provider: 'DStv',
      recipient: '7011111111',
      description: 'DStv Compact',
      amount: 19000,
      ...overrides,
    },
    'userReference',
    message ?? 'Your cable TV purchase was successful.',
  );
}

beforeEach(() => {
  resetHost();
  session.loadUser.mockImplementation(async () => {
    session.setUser(customer());
    return customer();
  });
  answer();
});

const amountField = () => screen.getByRole('textbox', { name: /Amount/ });
const proceedButton = () => screen.getByRole('button', { name: 'Proceed' });

async function fillValidated() {
  renderRoute(<CableTvScreen />, '/dashboard/payments/cable-tv');
  const user = userEvent.setup();
  await user.selectOptions(
    await screen.findByRole('combobox', { name: /Source wallet/ }),
    '1100000001',
  );
  await screen.findByRole('option', { name: 'DStv' });
  await user.selectOptions(screen.getByRole('combobox', { name: /Provider/ }), 'dstv');
  await user.type(screen.getByRole('textbox', { name: /Smartcard number/ }), '7011111111');
  await user.click(screen.getByRole('button', { name: 'Validate' }));
  await screen.findByText('TESTCARD DELIVERED');
  await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '08031234567');
  return user;
}

describe('/dashboard/payments/cable-tv', () => {
  it('validates the smartcard, shows name, bouquet and due date, and renews at the bouquet price', async () => {
    await fillValidated();
    expect(api.encrypted.post).toHaveBeenCalledWith(
      '/payments/categories/cable-tv/verify-smartcard',
      { provider: 'dstv', smartcard_number: '7011111111' },
    );
    expect(api.encrypted.post).toHaveBeenCalledWith('/payments/categories/cable-tv/get-bouquets', {
      provider: 'dstv',
    });
    expect(screen.getByText('Current bouquet: DStv Compact', { exact: false })).toBeInTheDocument();
    expect(screen.getByText(`Due date: ${formatDueDate('2026-03-13')}`)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Renew DStv Compact' })).toBeChecked();
    expect(amountField()).toHaveValue('19000');
    expect(amountField()).toHaveAttribute('readonly');
    expect(proceedButton()).toBeEnabled();
  });

  it('chooses another bouquet: the amount follows it', async () => {
    const user = await fillValidated();
    await user.click(screen.getByRole('radio', { name: 'Choose another bouquet' }));
    expect(amountField()).toHaveValue('');
    expect(proceedButton()).toBeDisabled();
    expect(proceedButton()).toHaveAccessibleDescription('Still needed: bouquet.');
    const select = screen.getByRole('combobox', { name: /Bouquet/ });
    expect(within(select).getByRole('option', { name: 'DStv Premium (₦44,500.00)' })).toBeTruthy();
    await user.selectOptions(select, 'dstv-padi');
    expect(amountField()).toHaveValue('4400');
    expect(proceedButton()).toBeEnabled();
  });

  it('forgets the validation when the number or the provider changes', async () => {
    const user = await fillValidated();
    const number = screen.getByRole('textbox', { name: /Smartcard number/ });
    await user.clear(number);
    await user.type(number, '7022222222');
    expect(screen.queryByText('TESTCARD DELIVERED')).not.toBeInTheDocument();
    expect(amountField()).toHaveValue('');
    expect(proceedButton()).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: /Provider/ }), 'gotv');
    expect(screen.getByRole('textbox', { name: /IUC number/ })).toBeInTheDocument();
  });

  it("says the provider's length and keeps Validate off until the number has it", async () => {
    renderRoute(<CableTvScreen />, '/dashboard/payments/cable-tv');
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'StarTimes' });
    await user.selectOptions(screen.getByRole('combobox', { name: /Provider/ }), 'startimes');
    await user.type(screen.getByRole('textbox', { name: /Smartcard number/ }), '7011111111');
    expect(screen.getByText('A StarTimes smartcard number is 11 digits.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Validate' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /Smartcard number/ }), '1');
    expect(screen.getByRole('button', { name: 'Validate' })).toBeEnabled();
  });

  it('confirms with the PIN, sends the purchase and shows the receipt', async () => {
    const user = await fillValidated();
    await user.click(proceedButton());
    expect(await screen.findByText('TESTCARD DELIVERED')).toBeInTheDocument();
    await user.type(await screen.findByLabelText(/Transaction PIN/), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Transaction Successful' });
    expect(api.encrypted.post).toHaveBeenCalledWith(
      PURCHASE_URL,
      {
        wallet_account_number: '1100000001',
        wallet_name: 'Main Wallet',
        provider: 'dstv',
        smartcard_number: '7011111111',
        bouquet_code: 'dstv-compact',
        amount: 19000,
        phone_number: '2348031234567',
        transaction_pin: '123456',
      },
      expect.anything(),
    );
    expect(screen.getByText('Your cable TV purchase was successful.')).toBeInTheDocument();
    expect(screen.getByText('Smartcard number')).toBeInTheDocument();
    expect(screen.getAllByText('7011111111').length).toBeGreaterThan(0);
  });

  it('offers the receipt: Download PDF loads the PDF library then, Share copies the text', async () => {
    const user = await fillValidated();
    await user.click(proceedButton());
    await user.type(await screen.findByLabelText(/Transaction PIN/), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Transaction Successful' });
    expect(pdf.pdfLoads ?? 0).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() =>
      expect(pdf.pdfSaved).toEqual(['ajo-receipt-money-0123456789abcdef0123456789abcdef.pdf']),
    );
    expect(pdf.pdfLoads).toBe(1);
    // user-event installs its own clipboard at setup: spy on that one.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Share receipt' }));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    const text = String((writeText.mock.calls[0] as unknown[])[0]);
    expect(text).toContain('Ajo Wallet — Cable TV Subscription');
    expect(text).toContain('Amount: ₦19,000.00');
    expect(text).toContain('Smartcard number: 7011111111');
    expect(text).toContain('Item: DStv Compact');
    expect(text).toContain('Reference: money-0123456789abcdef0123456789abcdef');
    expect(toasts()).toContainEqual(['success', RECEIPT_COPIED]);
  });

  it('names the customer number as the provider does, on Confirm and on the status step', async () => {
    answer(
      cableAnswer({
        provider: 'GOtv',
        recipient: '8011111111',
        description: 'DStv Compact',
      }),
    );
    renderRoute(<CableTvScreen />, '/dashboard/payments/cable-tv');
    const user = userEvent.setup();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /Source wallet/ }),
      '1100000001',
    );
    await screen.findByRole('option', { name: 'GOtv' });
    await user.selectOptions(screen.getByRole('combobox', { name: /Provider/ }), 'gotv');
    await user.type(screen.getByRole('textbox', { name: /IUC number/ }), '8011111111');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    await screen.findByText('TESTCARD DELIVERED');
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '08031234567');
    await user.click(proceedButton());
    expect(await screen.findByText('IUC number')).toBeInTheDocument();
    await user.type(await screen.findByLabelText(/Transaction PIN/), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Transaction Successful' });
    expect(screen.getByText('IUC number')).toBeInTheDocument();
    expect(screen.queryByText('Smartcard number')).not.toBeInTheDocument();
  });

  it('asks for the step-up OTP on a 202 and sends it with the same key', async () => {
    api.encrypted.post.mockImplementation(async (url: string, body: { otp?: string }) => {
      if (url.endsWith('/get-providers')) return { status: 200, data: { providers: PROVIDERS } };
      if (url.endsWith('/get-bouquets')) return { status: 200, data: { bouquets: BOUQUETS } };
      if (url.endsWith('/verify-smartcard')) return { status: 200, data: { customer: CUSTOMER } };
      if (!body.otp) {
        return {
          status: 202,
          data: { message: 'OTP sent', notificationChannel: 'phone', recipient: '2348012345678' },
        };
      }
      return cableAnswer();
    });
    const user = await fillValidated();
    await user.click(proceedButton());
    await user.type(await screen.findByLabelText(/Transaction PIN/), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Enter OTP' })).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: /OTP/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Transaction Successful' });
    const purchases = api.encrypted.post.mock.calls.filter(([url]) => url === PURCHASE_URL);
    expect(purchases.map(([, body]) => (body as { otp?: string }).otp)).toEqual([
      undefined,
      '123456',
    ]);
    const keys = purchases.map(([, , config]) => JSON.stringify(config));
    expect(keys[0]).toBe(keys[1]);
  });

  it('shows a pending purchase with what happens next', async () => {
    const pending =
      'Your cable TV purchase is being processed. We will keep checking; if it fails, your money comes back to your wallet automatically.';
    answer(cableAnswer({ status: 'pending' }, pending));
    const user = await fillValidated();
    await user.click(proceedButton());
    await user.type(await screen.findByLabelText(/Transaction PIN/), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(pending)).toBeInTheDocument();
  });

  it('shows a failed purchase with its money back', async () => {
    const failed = 'Your cable TV purchase failed. The money has been returned to your wallet.';
    answer(cableAnswer({ status: 'failed' }, failed));
    const user = await fillValidated();
    await user.click(proceedButton());
    await user.type(await screen.findByLabelText(/Transaction PIN/), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(failed)).toBeInTheDocument();
    // No receipt for money that came back.
    expect(screen.queryByRole('button', { name: 'Share receipt' })).not.toBeInTheDocument();
  });

  it('toasts the fallback when the providers cannot be loaded', async () => {
    api.encrypted.post.mockRejectedValue(apiError(500));
    renderRoute(<CableTvScreen />, '/dashboard/payments/cable-tv');
    await waitFor(() =>
      expect(toasts()).toContainEqual(['error', ERROR_GETTING_CABLE_TV_PROVIDERS]),
    );
  });

  it('toasts the fallback when the smartcard check fails, and keeps Proceed off', async () => {
    api.encrypted.post.mockImplementation(async (url: string) => {
      if (url.endsWith('/get-providers')) return { status: 200, data: { providers: PROVIDERS } };
      if (url.endsWith('/get-bouquets')) return { status: 200, data: { bouquets: BOUQUETS } };
      throw apiError(503);
    });
    renderRoute(<CableTvScreen />, '/dashboard/payments/cable-tv');
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'DStv' });
    await user.selectOptions(screen.getByRole('combobox', { name: /Provider/ }), 'dstv');
    await user.type(screen.getByRole('textbox', { name: /Smartcard number/ }), '7099999999');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual(['error', ERROR_VERIFYING_SMARTCARD_NUMBER]),
    );
    expect(proceedButton()).toBeDisabled();
  });

  it('toasts the fallback when the purchase cannot be initiated', async () => {
    // A refusal without words (a lost answer is asked about instead: the money flow's own test).
    answer(apiError(422), true);
    const user = await fillValidated();
    await user.click(proceedButton());
    await user.type(await screen.findByLabelText(/Transaction PIN/), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual(['error', ERROR_INITIATING_CABLE_TV_PURCHASE]),
    );
  });
});
