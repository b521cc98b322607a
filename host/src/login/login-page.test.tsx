import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@ajo/shared/entities';
import { ERROR_LOGGING_IN, HINT_SECURITY_PIN } from '@ajo/shared/messages';
import type * as HostApi from 'host/api';
import { createBus } from '../bus/create-bus';
import { createSession } from '../session/create-session';
import { LoginPage } from './login-page';
import { composeWorkspaceRoutes } from '../routes/test-document';

beforeEach(composeWorkspaceRoutes);

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const post = jest.fn();
const loadApi = async () => ({ api: { encrypted: { post } } }) as unknown as typeof HostApi;

function setup() {
  const bus = createBus();
  const session = createSession({ bus, fetchUser: async () => ({}) });
  const toasts: string[] = [];
  bus.on('toast').subscribe((event) => toasts.push(event.toast.message));
  const navigate = jest.fn();
  render(<LoginPage services={{ bus, session }} navigate={navigate} loadApi={loadApi} />);
  return { user: userEvent.setup(), navigate, session, toasts };
}

async function submit(
  user: ReturnType<typeof userEvent.setup>,
  phone = '08012345678',
  pin = '1234',
) {
  await user.type(screen.getByLabelText('Phone number'), phone);
  await user.type(screen.getByLabelText('Security PIN'), pin);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

const answer = (user: { is_verified: boolean; mifos_client_id: string | number | null }) => ({
  status: 200,
  data: { token: 'jwt', user: { id: 7, ...user } },
});

beforeEach(() => {
  post.mockReset();
  localStorage.clear();
  sessionStorage.clear();
});

describe('/login', () => {
  it("shows the PIN hint 'Numbers only, e.g. 1234' and the links to /forgot-pin and /signup", () => {
    setup();
    expect(screen.getByLabelText('Security PIN')).toHaveAccessibleDescription(HINT_SECURITY_PIN);
    // A valid autofill purpose (WCAG 1.3.5; 'tel-national' is refused by HTML_CodeSniffer H98).
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByRole('link', { name: /forgot/i })).toHaveAttribute('href', '/forgot-pin');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('validates the phone and the 4-digit PIN before calling the server', async () => {
    const { user } = setup();
    await submit(user, '0801', '12');
    expect(
      await screen.findByText('Enter 0 followed by 10 digits, e.g. 08012345678'),
    ).toBeInTheDocument();
    expect(screen.getByText('Security PIN must be exactly 4 digits')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('posts the 234 phone, the PIN and mac_address web, encrypted, then stores tk and id', async () => {
    post.mockResolvedValue(answer({ is_verified: true, mifos_client_id: null }));
    const { user, navigate } = setup();
    await submit(user);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dashboard'));
    expect(post).toHaveBeenCalledWith('/login', {
      phone_number: '2348012345678',
      security_pin: '1234',
      mac_address: 'web',
    });
    expect(localStorage.getItem('tk')).toBe('jwt');
    expect(localStorage.getItem('id')).toBe('7');
  });

  it.each([
    ['a verified user', { is_verified: true, mifos_client_id: null }, '/dashboard'],
    ['a user with a mifos_client_id', { is_verified: false, mifos_client_id: 88 }, '/dashboard'],
    ['anyone else', { is_verified: false, mifos_client_id: null }, '/verify'],
  ])('sends %s to %s', async (_name, user, path) => {
    post.mockResolvedValue(answer(user));
    const { user: u, navigate } = setup();
    await submit(u);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(path));
  });

  it('clears both storages and resets the user before each attempt', async () => {
    localStorage.setItem('tk', 'old');
    localStorage.setItem('phone_number', '2348000000000');
    sessionStorage.setItem('referral_code', 'X');
    let seen: [number, number] | null = null;
    post.mockImplementation(async () => {
      seen = [localStorage.length, sessionStorage.length];
      throw { status: 401, message: 'no', serverMessage: 'Invalid phone number or security PIN.' };
    });
    const { user, session } = setup();
    session.setUser({ id: 1 } as User);
    await submit(user);
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(seen).toEqual([0, 0]);
    expect(session.getUser()).toBeNull();
  });

  it.each([
    [
      'the server message',
      { status: 401, message: 'x', serverMessage: 'Invalid phone number or security PIN.' },
      'Invalid phone number or security PIN.',
    ],
    ["'Error logging in' without one", { status: 0, message: 'Network Error' }, ERROR_LOGGING_IN],
  ])('toasts %s when login fails', async (_name, failure, message) => {
    post.mockRejectedValue(failure);
    const { user, navigate, toasts } = setup();
    await submit(user);
    await waitFor(() => expect(toasts).toEqual([message]));
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('tk')).toBeNull();
  });

  it("toasts 'Error logging in' when the answer does not parse", async () => {
    post.mockResolvedValue({ status: 200, data: { token: 'jwt' } });
    const { user, toasts, navigate } = setup();
    await submit(user);
    await waitFor(() => expect(toasts).toEqual([ERROR_LOGGING_IN]));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps Login disabled until the host services are loaded', () => {
    render(<LoginPage services={null} navigate={jest.fn()} loadApi={loadApi} />);
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
  });
});
