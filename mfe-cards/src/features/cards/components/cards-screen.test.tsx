import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  api,
  apiError,
  customer,
  renderRoute,
  resetHost,
  session,
  toasts,
} from '@ajo/remote-kit/testing';
import { card, FEES, physical, serve } from '../test-cards';
import { CardsScreen } from './cards-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);
// Whole forms typed key by key on a shared, busy machine.
jest.setTimeout(20_000);

beforeEach(() => {
  resetHost();
  session.loadUser.mockImplementation(async () => {
    session.setUser(customer());
    return customer();
  });
});

function open(options?: Parameters<typeof userEvent.setup>[0]) {
  const user = userEvent.setup(options);
  renderRoute(<CardsScreen />, '/dashboard/cards');
  return user;
}

const issued = () => [card(), physical()];

describe('/dashboard/cards without a card', () => {
  it('prefills the address from the profile, shows the fee and delivery before the PIN, and pays with one key', async () => {
    serve({ cards: [] });
    const user = open();
    const address = await screen.findByRole('textbox', { name: /Delivery address/ });
    expect(address).toHaveValue('1 Marina, Lagos');
    // The cost is on the form itself, before any PIN is asked.
    const fees = screen.getByLabelText('What the card costs');
    expect(fees).toHaveTextContent('Issuance fee (once)₦1,050.00');
    expect(fees).toHaveTextContent('Delivery charge₦1,500.00');
    expect(fees).toHaveTextContent('Total from your main wallet₦2,550.00');
    expect(screen.queryByLabelText(/Transaction PIN/)).not.toBeInTheDocument();

    // Nothing leaves without a city and a state.
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(screen.getByText('Enter the delivery address.')).toBeInTheDocument();
    expect(screen.getByText('Select the delivery state.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Ikeja');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /State/ })).toHaveTextContent('Lagos'),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: /State/ }), 'Lagos');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));

    const summary = await screen.findByLabelText('Transaction details');
    expect(summary).toHaveTextContent('1 Marina, Lagos, Ikeja, Lagos');
    expect(summary).toHaveTextContent('₦2,550.00');

    api.encrypted.post.mockResolvedValue({
      status: 201,
      data: {
        message: 'Your card has been requested.',
        reference: 'ref-1',
        charged: FEES,
        cards: issued(),
      },
    });
    const state = serve({ cards: [] });
    state.cards = issued();
    await user.type(screen.getByLabelText(/Transaction PIN/), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Virtual card' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Physical card' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your card has been requested. ₦2,550.00 was paid from your wallet.',
    );
    expect(api.encrypted.post).toHaveBeenCalledTimes(1);
    const [url, body, config] = api.encrypted.post.mock.calls[0];
    expect(url).toBe('/cards');
    expect(body).toEqual({
      wallet_account_number: '1100000001',
      delivery_address: { address: '1 Marina, Lagos', city: 'Ikeja', state: 'Lagos' },
      transaction_pin: '123456',
    });
    expect(config.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // The physical card is tracked until it is delivered.
    const delivery = screen.getByRole('list', { name: 'Delivery' });
    expect(within(delivery).getByText('Requested')).toHaveAttribute('aria-current', 'step');
  });

  it("shows the server's refusal and stays unpaid", async () => {
    serve({ cards: [] });
    const user = open();
    await user.type(await screen.findByRole('textbox', { name: /City/ }), 'Ikeja');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /State/ })).toHaveTextContent('Lagos'),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: /State/ }), 'Lagos');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    api.encrypted.post.mockRejectedValue(apiError(422, 'Insufficient funds.'));
    await user.type(screen.getByLabelText(/Transaction PIN/), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(toasts()).toContainEqual(['error', 'Insufficient funds.']));
    expect(screen.queryByRole('heading', { name: 'Virtual card' })).not.toBeInTheDocument();
  });
});

/** From the request form to the confirm step, the PIN typed, Next pressed. */
async function requestUpToNext(
  user: ReturnType<typeof userEvent.setup>,
  server: ReturnType<typeof serve>,
) {
  await user.type(await screen.findByRole('textbox', { name: /City/ }), 'Ikeja');
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: /State/ })).toHaveTextContent('Lagos'),
  );
  await user.selectOptions(screen.getByRole('combobox', { name: /State/ }), 'Lagos');
  await user.click(screen.getByRole('button', { name: 'Proceed' }));
  await user.type(screen.getByLabelText(/Transaction PIN/), '123456');
  // From now on the server holds the cards this request issues.
  server.cards = issued();
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

const requestedAnswer = () => ({
  message: 'Your card has been requested.',
  reference: 'ref-1',
  charged: FEES,
  cards: issued(),
});

describe('/dashboard/cards request: step-up and a lost answer', () => {
  afterEach(() => jest.useRealTimers());

  it('asks for the OTP when the server answers 202 and sends it under the same key', async () => {
    const server = serve({ cards: [] });
    const user = open();
    api.encrypted.post
      .mockResolvedValueOnce({
        status: 202,
        data: {
          message: 'Enter the OTP.',
          notificationChannel: 'phone',
          recipient: '2348012345678',
        },
      })
      .mockResolvedValueOnce({ status: 201, data: requestedAnswer() });
    await requestUpToNext(user, server);
    expect(await screen.findByRole('heading', { name: 'Enter OTP' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^OTP/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Virtual card' })).toBeInTheDocument();
    expect(api.encrypted.post).toHaveBeenCalledTimes(2);
    const [first, second] = api.encrypted.post.mock.calls;
    expect(second[1]).toMatchObject({ otp: '123456', transaction_pin: '123456' });
    expect(second[2].headers['Idempotency-Key']).toBe(first[2].headers['Idempotency-Key']);
  });

  it('never sends again when the answer is lost: it asks the server what became of the key', async () => {
    jest.useFakeTimers();
    const server = serve({ cards: [] });
    const served = api.get.getMockImplementation()!;
    api.get.mockImplementation(async (url: string) =>
      url.startsWith('/money/attempts/')
        ? { status: 200, data: { state: 'completed', status: 201, answer: requestedAnswer() } }
        : served(url),
    );
    api.encrypted.post.mockRejectedValue(apiError(503));
    const user = open({ advanceTimers: jest.advanceTimersByTime });
    await requestUpToNext(user, server);
    expect(
      await screen.findByRole('heading', { name: 'Checking your transaction…' }),
    ).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1_000);
    });
    expect(await screen.findByRole('heading', { name: 'Virtual card' })).toBeInTheDocument();
    expect(api.encrypted.post).toHaveBeenCalledTimes(1);
    const key = api.encrypted.post.mock.calls[0][2].headers['Idempotency-Key'];
    expect(api.get).toHaveBeenCalledWith(`/money/attempts/${key}`);
  });
});

describe('/dashboard/cards loading', () => {
  it("says 'Error getting your cards' when the server says nothing, and tries again", async () => {
    serve({ cards: issued() });
    api.get.mockRejectedValueOnce(apiError(503));
    const user = open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error getting your cards');
    expect(toasts()).toContainEqual(['error', 'Error getting your cards']);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Virtual card' })).toBeInTheDocument();
  });

  it("shows the server's own message as it is", async () => {
    api.get.mockRejectedValue(apiError(400, 'Something specific.'));
    open();
    await screen.findByRole('alert');
    expect(toasts()).toContainEqual(['error', 'Something specific.']);
  });
});

describe('the virtual card', () => {
  afterEach(() => jest.useRealTimers());

  it('reveals the number and CVV after the PIN for 60 s, then hides them, storing nothing', async () => {
    jest.useFakeTimers();
    serve({ cards: issued() });
    const user = open({ advanceTimers: jest.advanceTimersByTime });
    const virtual = await screen.findByRole('article', { name: 'Virtual card' });
    expect(within(virtual).getByText('5069 99•• •••• 4242')).toBeInTheDocument();
    expect(within(virtual).getByText('Expires 11/29')).toBeInTheDocument();

    api.encrypted.post.mockResolvedValue({
      status: 200,
      data: { card_number: '5069991234564242', cvv: '123', expiry: '11/29', visible_seconds: 60 },
    });
    await user.click(within(virtual).getByRole('button', { name: 'Show card details' }));
    await user.type(within(virtual).getByLabelText(/Transaction PIN/), '123456');
    await user.click(within(virtual).getByRole('button', { name: 'Show' }));
    expect(await within(virtual).findByText('5069 9912 3456 4242')).toBeInTheDocument();
    expect(within(virtual).getByText('123')).toBeInTheDocument();
    expect(api.encrypted.post).toHaveBeenCalledWith(
      '/cards/11111111-1111-4111-8111-111111111111/reveal',
      { transaction_pin: '123456' },
    );
    expect(within(virtual).getByRole('timer')).toHaveTextContent('Hidden in 60 s');
    act(() => jest.advanceTimersByTime(59_000));
    expect(within(virtual).getByRole('timer')).toHaveTextContent('Hidden in 1 s');
    expect(within(virtual).getByText('5069 9912 3456 4242')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1_000));
    expect(within(virtual).queryByText('5069 9912 3456 4242')).not.toBeInTheDocument();
    expect(within(virtual).queryByText('123')).not.toBeInTheDocument();
    const stored = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    expect(stored).not.toContain('5069991234564242');
    expect(stored).not.toContain('123456');
  });

  it('keeps the details hidden and toasts the message on a wrong PIN', async () => {
    serve({ cards: issued() });
    const user = open();
    const virtual = await screen.findByRole('article', { name: 'Virtual card' });
    api.encrypted.post.mockRejectedValue(apiError(401, 'Incorrect transaction PIN.'));
    await user.click(within(virtual).getByRole('button', { name: 'Show card details' }));
    await user.type(within(virtual).getByLabelText(/Transaction PIN/), '654321');
    await user.click(within(virtual).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(toasts()).toContainEqual(['error', 'Incorrect transaction PIN.']));
    expect(within(virtual).getByLabelText(/Transaction PIN/)).toHaveValue('');
    expect(within(virtual).queryByRole('timer')).not.toBeInTheDocument();
  });

  it('freezes and unfreezes at once', async () => {
    serve({ cards: issued() });
    const user = open();
    const virtual = await screen.findByRole('article', { name: 'Virtual card' });
    api.encrypted.post.mockResolvedValueOnce({
      status: 200,
      data: {
        message: 'Your card is frozen. Unfreeze it to use it again.',
        card: card({ status: 'frozen' }),
      },
    });
    await user.click(within(virtual).getByRole('button', { name: 'Freeze card' }));
    expect(await within(virtual).findByText('Frozen')).toBeInTheDocument();
    expect(api.encrypted.post).toHaveBeenLastCalledWith(
      '/cards/11111111-1111-4111-8111-111111111111/freeze',
      {},
    );
    expect(toasts()).toContainEqual([
      'success',
      'Your card is frozen. Unfreeze it to use it again.',
    ]);
    api.encrypted.post.mockResolvedValueOnce({
      status: 200,
      data: { message: 'Your card is active again.', card: card() },
    });
    await user.click(within(virtual).getByRole('button', { name: 'Unfreeze card' }));
    expect(await within(virtual).findByText('Active')).toBeInTheDocument();
    expect(api.encrypted.post).toHaveBeenLastCalledWith(
      '/cards/11111111-1111-4111-8111-111111111111/unfreeze',
      {},
    );
  });
});

describe('the physical card', () => {
  it('is activated with the last 4 digits and the card PIN twice; a mismatch sends nothing', async () => {
    serve({ cards: [card(), physical({ delivery_status: 'delivered' })] });
    const user = open();
    const plastic = await screen.findByRole('article', { name: 'Physical card' });
    await user.type(within(plastic).getByLabelText(/Last 4 digits/), '4242');
    await user.type(within(plastic).getByLabelText(/^Card PIN/), '1234');
    await user.type(within(plastic).getByLabelText(/Confirm card PIN/), '1235');
    await user.click(within(plastic).getByRole('button', { name: 'Activate card' }));
    expect(within(plastic).getByText('The card PINs do not match.')).toBeInTheDocument();
    expect(api.encrypted.post).not.toHaveBeenCalled();

    api.encrypted.post.mockResolvedValue({
      status: 200,
      data: {
        message: 'Your card is active.',
        card: physical({
          status: 'active',
          masked_number: '5069 99•• •••• 4242',
          delivery_status: 'delivered',
        }),
      },
    });
    await user.clear(within(plastic).getByLabelText(/Confirm card PIN/));
    await user.type(within(plastic).getByLabelText(/Confirm card PIN/), '1234');
    await user.click(within(plastic).getByRole('button', { name: 'Activate card' }));
    expect(await within(plastic).findByText('Active')).toBeInTheDocument();
    expect(api.encrypted.post).toHaveBeenCalledWith(
      '/cards/22222222-2222-4222-8222-222222222222/activate',
      { last4: '4242', card_pin: '1234', confirm_card_pin: '1234' },
    );
    expect(
      within(plastic).queryByRole('button', { name: 'Activate card' }),
    ).not.toBeInTheDocument();
  });

  it('cannot be activated before it is delivered: the tracking shows where it is', async () => {
    // The server lists the physical card first (kind order): the virtual one, usable now, leads.
    serve({ cards: [physical({ delivery_status: 'dispatched' }), card()] });
    open();
    const plastic = await screen.findByRole('article', { name: 'Physical card' });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual([
      `card-${card().id}`,
      `card-${physical().id}`,
    ]);
    expect(within(plastic).getByText('Dispatched')).toHaveAttribute('aria-current', 'step');
    expect(
      within(plastic).queryByRole('button', { name: 'Activate card' }),
    ).not.toBeInTheDocument();
  });

  it("not activated within 6 months: blocked, with the terms' words and 'Request a new card'", async () => {
    serve({
      cards: [
        card(),
        physical({
          status: 'blocked',
          blocked_reason:
            'A card not activated within 6 months is blocked and a new one must be requested.',
        }),
      ],
    });
    const user = open();
    const plastic = await screen.findByRole('article', { name: 'Physical card' });
    expect(within(plastic).getByRole('note')).toHaveTextContent(
      'A card not activated within 6 months is blocked and a new one must be requested.',
    );
    await user.click(within(plastic).getByRole('button', { name: 'Request a new card' }));
    expect(await screen.findByRole('heading', { name: 'Request a card' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to your cards' }));
    expect(screen.getByRole('article', { name: 'Physical card' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Request a card' })).not.toBeInTheDocument();
  });
});

describe('Report lost or stolen', () => {
  it('asks first; Cancel changes nothing; then the card is blocked for good with the time kept', async () => {
    serve({ cards: issued() });
    const user = open();
    const plastic = await screen.findByRole('article', { name: 'Physical card' });
    await user.click(within(plastic).getByRole('button', { name: 'Report lost or stolen' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Report this card lost or stolen?' });
    expect(dialog).toHaveTextContent(
      'You are not liable for transactions more than 60 minutes after your report.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.encrypted.post).not.toHaveBeenCalled();

    api.encrypted.post.mockResolvedValue({
      status: 200,
      data: {
        message: 'Your card is blocked for good.',
        card: physical({ status: 'reported', reported_at: '2026-11-28T10:05:00.000Z' }),
      },
    });
    await user.click(within(plastic).getByRole('button', { name: 'Report lost or stolen' }));
    await user.click(screen.getByRole('button', { name: 'Block my card' }));
    expect(await within(plastic).findByText('Reported lost or stolen')).toBeInTheDocument();
    expect(api.encrypted.post).toHaveBeenCalledWith(
      '/cards/22222222-2222-4222-8222-222222222222/report-lost',
      {},
    );
    // Lagos time, as every receipt dates it.
    expect(within(plastic).getByRole('note')).toHaveTextContent(/28 Nov 2026, 11:05/);
    expect(
      within(plastic).queryByRole('button', { name: /Freeze|Report lost/ }),
    ).not.toBeInTheDocument();
    // No physical card is live any more: a replacement can be requested.
    expect(within(plastic).getByRole('button', { name: 'Request a new card' })).toBeInTheDocument();
    // One way to a new card: the physical card's (a request brings a new virtual card too).
    expect(screen.getAllByRole('button', { name: 'Request a new card' })).toHaveLength(1);
  });

  it('a failed report says so and leaves the card as it was', async () => {
    serve({ cards: issued() });
    const user = open();
    const plastic = await screen.findByRole('article', { name: 'Physical card' });
    api.encrypted.post.mockRejectedValue(apiError(503));
    await user.click(within(plastic).getByRole('button', { name: 'Report lost or stolen' }));
    await user.click(screen.getByRole('button', { name: 'Block my card' }));
    await waitFor(() => expect(toasts()).toContainEqual(['error', 'Error reporting card']));
    expect(within(plastic).getByText('Not activated')).toBeInTheDocument();
  });
});

describe('card transactions', () => {
  it('lists the card payments of the wallet with their state, nothing else', async () => {
    serve({
      cards: issued(),
      history: [
        {
          transaction_date: '2026-11-28T09:30:00.000Z',
          transaction_type: 'card-payment',
          amount: 1234,
          narration: 'Card payment: Chicken Republic · authorised (money reserved)',
          reference: 'card-auth-1',
        },
        {
          transaction_date: '2026-11-27T09:30:00.000Z',
          transaction_type: 'card-refund-inward',
          amount: 500,
          narration: 'Card refund: Shoprite · reversed',
        },
        {
          transaction_date: '2026-11-26T09:30:00.000Z',
          transaction_type: 'card-payment',
          amount: 700,
          narration: 'Card payment: Jumia · posted',
        },
        {
          transaction_date: '2026-11-25T09:30:00.000Z',
          transaction_type: 'intra-outward',
          amount: 900,
          // A customer's own narration can look like a card line: only the type says it is one.
          narration: 'Bola · posted',
        },
      ],
    });
    open();
    const section = await screen.findByRole('region', { name: 'Card transactions' });
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(3));
    const [first, second, third] = within(section).getAllByRole('listitem');
    expect(first).toHaveTextContent('Chicken Republic');
    expect(first).toHaveTextContent('Authorised · money reserved');
    expect(first).toHaveTextContent('−₦1,234.00');
    expect(second).toHaveTextContent('Shoprite');
    expect(second).toHaveTextContent('Reversed · refunded');
    expect(second).toHaveTextContent('+₦500.00');
    expect(third).toHaveTextContent('Posted');
    expect(section).not.toHaveTextContent('Bola');
    expect(api.get).toHaveBeenCalledWith(
      '/transactions?wallet_account_number=1100000001&type=mini',
    );
  });
});
