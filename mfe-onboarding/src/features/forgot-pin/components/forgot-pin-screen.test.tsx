import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_REQUESTING_OTP } from '@ajo/shared/messages';
import {
  api,
  apiError,
  crossAppNavigations,
  renderRoute,
  resetHost,
  toasts,
} from '@ajo/remote-kit/testing';
import { ForgotPinScreen } from './forgot-pin-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

beforeEach(resetHost);

async function requestOtp() {
  api.get.mockResolvedValue({
    status: 200,
    data: { message: 'If the number is registered, an OTP was sent.' },
  });
  renderRoute(<ForgotPinScreen />, '/forgot-pin');
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '08012345678');
  await user.click(screen.getByRole('button', { name: 'Request OTP' }));
  await screen.findByRole('textbox', { name: 'OTP' });
  return user;
}

describe('/forgot-pin', () => {
  it('requests the OTP with the number in the 234 form, then asks for the OTP and new PIN', async () => {
    await requestOtp();
    expect(api.get).toHaveBeenCalledWith('/auth/forgot', {
      params: { phone_number: '2348012345678' },
    });
    expect(screen.getByLabelText(/New security PIN/)).toBeInTheDocument();
    expect(toasts()).toEqual([['success', 'If the number is registered, an OTP was sent.']]);
  });

  it("shows 'Error requesting OTP' when the request fails without a server message", async () => {
    api.get.mockRejectedValue(apiError(0));
    renderRoute(<ForgotPinScreen />, '/forgot-pin');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '08012345678');
    await user.click(screen.getByRole('button', { name: 'Request OTP' }));
    await waitFor(() => expect(toasts()).toEqual([['error', ERROR_REQUESTING_OTP]]));
    expect(screen.queryByRole('textbox', { name: 'OTP' })).not.toBeInTheDocument();
  });

  it('checks the OTP is 6 digits and the PIN 4 digits', async () => {
    const user = await requestOtp();
    await user.type(screen.getByRole('textbox', { name: 'OTP' }), '12345');
    await user.type(screen.getByLabelText(/New security PIN/), '12');
    await user.click(screen.getByRole('button', { name: 'Reset PIN' }));
    expect(await screen.findByText('OTP must be exactly 6 digits')).toBeInTheDocument();
    expect(screen.getByText('Security PIN must be exactly 4 digits')).toBeInTheDocument();
    expect(api.encrypted.post).not.toHaveBeenCalled();
  });

  it('resets the PIN encrypted and goes to /login', async () => {
    api.encrypted.post.mockResolvedValue({ status: 200, data: { message: 'Security PIN reset.' } });
    const user = await requestOtp();
    await user.type(screen.getByRole('textbox', { name: 'OTP' }), '123456');
    await user.type(screen.getByLabelText(/New security PIN/), '4321');
    await user.click(screen.getByRole('button', { name: 'Reset PIN' }));
    await waitFor(() => expect(crossAppNavigations()).toEqual(['/login']));
    expect(api.encrypted.post).toHaveBeenCalledWith('/reset-security-pin', {
      security_pin: '4321',
      phone_number: '2348012345678',
      otp: '123456',
    });
  });

  it('shows the server message on a bad OTP and stays', async () => {
    api.encrypted.post.mockRejectedValue(apiError(401, 'Invalid or expired OTP.'));
    const user = await requestOtp();
    await user.type(screen.getByRole('textbox', { name: 'OTP' }), '000000');
    await user.type(screen.getByLabelText(/New security PIN/), '4321');
    await user.click(screen.getByRole('button', { name: 'Reset PIN' }));
    await waitFor(() => expect(toasts()).toContainEqual(['error', 'Invalid or expired OTP.']));
    expect(crossAppNavigations()).toEqual([]);
  });

  it('links back to /login', () => {
    renderRoute(<ForgotPinScreen />, '/forgot-pin');
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });
});
