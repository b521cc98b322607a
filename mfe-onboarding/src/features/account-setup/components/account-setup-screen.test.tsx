import { ADDRESS_TOO_LONG } from '@ajo/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ACCOUNT_CREATED,
  AN_ERROR_OCCURED,
  ERROR_GETTING_LOCAL_GOVERNMENTS,
  ERROR_GETTING_STATES,
  ERROR_SIGNING_UP,
} from '@ajo/shared/messages';
import {
  api,
  apiError,
  crossAppNavigations,
  renderRoute,
  resetHost,
  session,
  toasts,
} from '@ajo/remote-kit/testing';
import { AccountSetupScreen } from './account-setup-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

const STATES = {
  states: [
    { id: 25, name: 'Lagos' },
    { id: 15, name: 'Abuja FCT' },
  ],
};
const LGAS = { localGovts: [{ id: 501, local_government_name: 'Ikeja' }] };

beforeEach(() => {
  resetHost();
  // /otp verified the phone: host/session holds the sign-up token.
  session.startSignup('signup-jwt');
  api.get.mockImplementation(async (url: string) => {
    if (url === '/states') return { status: 200, data: STATES };
    if (url === '/local-government') return { status: 200, data: LGAS };
    throw apiError(404);
  });
});

function renderSetup(state: unknown = { pin: '1234', confirm_pin: '1234' }) {
  renderRoute(<AccountSetupScreen />, '/register', state);
  return userEvent.setup();
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByRole('combobox', { name: 'Gender' }), 'female');
  await user.type(screen.getByRole('textbox', { name: 'Address' }), '12 Allen Avenue');
  await screen.findByRole('option', { name: 'Lagos' });
  await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Lagos');
  await screen.findByRole('option', { name: 'Ikeja' });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Local government' }), 'Ikeja');
}

const submit = () => screen.getByRole('button', { name: 'Create account' });

describe('/register (Account Setup)', () => {
  it('sends the user back to /security-pin without the PINs in navigation state', () => {
    renderSetup(null);
    expect(screen.getByLabelText('current location')).toHaveTextContent('/security-pin');
  });

  it('pre-fills the PINs from navigation state and the referrer code from session storage', async () => {
    sessionStorage.setItem('referral_code', 'ADA123');
    renderSetup({ pin: '1234', confirm_pin: '1234' });
    expect(screen.getByLabelText(/^Security PIN/)).toHaveValue('1234');
    expect(screen.getByLabelText(/Confirm Security PIN/)).toHaveValue('1234');
    expect(screen.getByRole('textbox', { name: 'Referrer code' })).toHaveValue('ADA123');
    await screen.findByRole('option', { name: 'Lagos' });
  });

  it('loads the local governments of the chosen state', async () => {
    const user = renderSetup();
    await screen.findByRole('option', { name: 'Lagos' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Lagos');
    const lga = screen.getByRole('combobox', { name: 'Local government' });
    expect(await within(lga).findByRole('option', { name: 'Ikeja' })).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/local-government', { params: { stateId: '25' } });
  });

  it('enables Create account once every field but referrer code and email is filled', async () => {
    const user = renderSetup();
    expect(submit()).toBeDisabled();
    await fillRequired(user);
    expect(submit()).toBeEnabled();
    await user.clear(screen.getByLabelText(/Confirm Security PIN/));
    expect(submit()).toBeDisabled();
  });

  it('says a 600-character address is too long under the field, and sends nothing', async () => {
    const user = renderSetup();
    await fillRequired(user);
    const address = screen.getByRole('textbox', { name: 'Address' });
    await user.clear(address);
    await user.click(address);
    await user.paste('a'.repeat(600));
    await user.click(submit());
    expect(await screen.findByText(ADDRESS_TOO_LONG)).toBeInTheDocument();
    expect(api.encrypted.post).not.toHaveBeenCalled();
  });

  it("refuses PINs that differ with 'Security PINs do not match!'", async () => {
    const user = renderSetup({ pin: '1234', confirm_pin: '1234' });
    await fillRequired(user);
    await user.clear(screen.getByLabelText(/Confirm Security PIN/));
    await user.type(screen.getByLabelText(/Confirm Security PIN/), '9999');
    await user.click(submit());
    expect(await screen.findByText('Security PINs do not match!')).toBeInTheDocument();
    expect(api.encrypted.post).not.toHaveBeenCalled();
  });

  it('posts the form encrypted with the state and LGA ids, toasts success and goes to /login', async () => {
    sessionStorage.setItem('referral_code', 'ADA123');
    localStorage.setItem('phone_number', '2348012345678');
    api.encrypted.post.mockResolvedValue({ status: 200, data: { message: 'User created' } });
    const user = renderSetup();
    await fillRequired(user);
    await user.click(submit());
    await waitFor(() => expect(crossAppNavigations()).toEqual(['/login']));
    expect(api.encrypted.post).toHaveBeenCalledWith(
      '/users',
      {
        gender: 'female',
        address: '12 Allen Avenue',
        state_id: 25,
        lga_id: 501,
        pin: '1234',
        confirm_pin: '1234',
        referrer_code: 'ADA123',
      },
      { headers: { Authorization: 'Bearer signup-jwt' } },
    );
    expect(toasts()).toEqual([['success', ACCOUNT_CREATED]]);
    // The sign-up token and number are spent.
    expect(session.endSignup).toHaveBeenCalledTimes(1);
    expect(session.getSignupToken()).toBeNull();
    expect(localStorage.getItem('phone_number')).toBeNull();
  });

  it('sends the optional email when given', async () => {
    api.encrypted.post.mockResolvedValue({ status: 200, data: { message: 'User created' } });
    const user = renderSetup();
    await fillRequired(user);
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await user.click(submit());
    await waitFor(() => expect(api.encrypted.post).toHaveBeenCalled());
    expect(api.encrypted.post.mock.calls[0][1]).toMatchObject({ email: 'ada@example.com' });
    expect(api.encrypted.post.mock.calls[0][1]).not.toHaveProperty('referrer_code');
  });

  it('sends nothing without a sign-up token and goes back to /signup to verify the phone', async () => {
    session.endSignup();
    const user = renderSetup();
    await fillRequired(user);
    await user.click(submit());
    expect(await screen.findByLabelText('current location')).toHaveTextContent('/signup');
    expect(api.encrypted.post).not.toHaveBeenCalled();
    expect(toasts()).toEqual([['error', ERROR_SIGNING_UP]]);
  });

  it('sends the user back to /signup with the server message when the sign-up token is refused', async () => {
    api.encrypted.post.mockRejectedValue(apiError(401, 'Please verify your phone number again.'));
    const user = renderSetup();
    await fillRequired(user);
    await user.click(submit());
    expect(await screen.findByLabelText('current location')).toHaveTextContent('/signup');
    expect(toasts()).toEqual([['error', 'Please verify your phone number again.']]);
  });

  it.each([
    [
      'the server message',
      apiError(409, 'Phone number already registered.'),
      'Phone number already registered.',
    ],
    ["'Error signing up' without one", apiError(0), ERROR_SIGNING_UP],
  ])('shows %s when the account cannot be created', async (_name, failure, message) => {
    api.encrypted.post.mockRejectedValue(failure);
    const user = renderSetup();
    await fillRequired(user);
    await user.click(submit());
    await waitFor(() => expect(toasts()).toEqual([['error', message]]));
    expect(crossAppNavigations()).toEqual([]);
  });

  it("shows 'An Error Occured' when the answer does not parse", async () => {
    api.encrypted.post.mockResolvedValue({ status: 200, data: 'ok' });
    const user = renderSetup();
    await fillRequired(user);
    await user.click(submit());
    await waitFor(() => expect(toasts()).toEqual([['error', AN_ERROR_OCCURED]]));
  });

  it('shows the SPEC fallbacks when states or local governments cannot be loaded', async () => {
    api.get.mockImplementation(async (url: string) => {
      if (url === '/states') return { status: 200, data: STATES };
      throw apiError(500);
    });
    const user = renderSetup();
    await screen.findByRole('option', { name: 'Lagos' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Lagos');
    await waitFor(() => expect(toasts()).toEqual([['error', ERROR_GETTING_LOCAL_GOVERNMENTS]]));
  });

  it("shows 'Error getting list of states' when the states cannot be loaded", async () => {
    api.get.mockRejectedValue(apiError(503));
    renderSetup();
    await waitFor(() => expect(toasts()).toEqual([['error', ERROR_GETTING_STATES]]));
  });
});
