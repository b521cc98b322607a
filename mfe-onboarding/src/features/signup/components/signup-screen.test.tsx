import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_SIGNING_UP } from '@ajo/shared/messages';
import {
  api,
  apiError,
  crossAppNavigations,
  renderRoute,
  resetHost,
  toasts,
} from '@ajo/remote-kit/testing';
import { SignupScreen } from './signup-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

beforeEach(resetHost);

function renderSignup() {
  renderRoute(<SignupScreen />, '/signup');
  return userEvent.setup();
}

describe('/signup', () => {
  it('asks for a valid phone and the terms before calling the server', async () => {
    const user = renderSignup();
    await user.type(screen.getByLabelText(/Phone number/), '0801234');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(
      await screen.findByText('Enter 0 followed by 10 digits, e.g. 08012345678'),
    ).toBeInTheDocument();
    expect(screen.getByText('You must accept the terms and conditions')).toBeInTheDocument();
    expect(api.get).not.toHaveBeenCalled();
  });

  it('links the terms checkbox to the account terms', () => {
    renderSignup();
    expect(
      screen.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
      'href',
      '/terms-and-conditions/account',
    );
  });

  it('sends the number in the 234 form, stores it and goes to /otp', async () => {
    api.get.mockResolvedValue({ status: 200, data: { message: 'OTP sent' } });
    const user = renderSignup();
    await user.type(screen.getByLabelText(/Phone number/), '08012345678');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByLabelText('current location')).toHaveTextContent('/otp');
    expect(api.get).toHaveBeenCalledWith('/auth', { params: { phone_number: '2348012345678' } });
    expect(localStorage.getItem('phone_number')).toBe('2348012345678');
  });

  it('limits the phone field to 11 characters', () => {
    renderSignup();
    expect(screen.getByLabelText(/Phone number/)).toHaveAttribute('maxLength', '11');
  });

  it.each([
    [
      'the server message',
      apiError(409, 'Phone number already registered.'),
      'Phone number already registered.',
    ],
    ['the SPEC fallback without one', apiError(0), ERROR_SIGNING_UP],
  ])('shows %s when the OTP cannot be sent', async (_name, failure, message) => {
    api.get.mockRejectedValue(failure);
    const user = renderSignup();
    await user.type(screen.getByLabelText(/Phone number/), '08012345678');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(toasts()).toEqual([['error', message]]));
    expect(screen.queryByLabelText('current location')).not.toBeInTheDocument();
    expect(localStorage.getItem('phone_number')).toBeNull();
  });

  it('treats an answer that does not parse as a failure', async () => {
    api.get.mockResolvedValue({ status: 200, data: 'surprise' });
    const user = renderSignup();
    await user.type(screen.getByLabelText(/Phone number/), '08012345678');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(toasts()).toEqual([['error', ERROR_SIGNING_UP]]));
  });

  it('sends the Login link to the host', async () => {
    const user = renderSignup();
    await user.click(screen.getByRole('link', { name: 'Login' }));
    await waitFor(() => expect(crossAppNavigations()).toEqual(['/login']));
  });
});
