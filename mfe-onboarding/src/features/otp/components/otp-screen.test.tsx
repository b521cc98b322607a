import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OTP_INVALID, OTP_RESEND_FAILED, OTP_RESENT } from '@ajo/shared/messages';
import { api, apiError, renderRoute, resetHost, session, toasts } from '@ajo/remote-kit/testing';
import { OtpScreen } from './otp-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

beforeEach(() => {
  resetHost();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

function renderOtp(phone: string | null = '2348012345678') {
  if (phone) localStorage.setItem('phone_number', phone);
  renderRoute(<OtpScreen />, '/otp');
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

describe('/otp', () => {
  it.each([
    ['no stored phone', null],
    ['a stored phone not in the 234 form', '08012345678'],
  ])('redirects to /signup with %s', (_name, phone) => {
    renderOtp(phone);
    expect(screen.getByLabelText('current location')).toHaveTextContent('/signup');
  });

  it('posts the stored phone and the OTP encrypted, hands the sign-up token to the session and goes to /security-pin', async () => {
    api.encrypted.post.mockResolvedValue({
      status: 200,
      data: { token: 'signup-jwt', message: 'ok' },
    });
    const user = renderOtp();
    await user.type(screen.getByRole('textbox', { name: 'OTP' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByLabelText('current location')).toHaveTextContent('/security-pin');
    expect(api.encrypted.post).toHaveBeenCalledWith('/auth', {
      phone_number: '2348012345678',
      otp: '123456',
    });
    // host/session keeps the sign-up token (the bearer of POST /users); the remote never writes it.
    expect(session.startSignup).toHaveBeenCalledWith('signup-jwt');
    expect(localStorage.getItem('tk')).toBeNull();
  });

  it('requires the OTP and caps it at 6 characters', async () => {
    const user = renderOtp();
    expect(screen.getByRole('textbox', { name: 'OTP' })).toHaveAttribute('maxLength', '6');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('OTP is required')).toBeInTheDocument();
    expect(api.encrypted.post).not.toHaveBeenCalled();
  });

  it.each(['ABC123', '123'])(
    'refuses %s on the phone: no request, so none of the five tries is spent',
    async (typed) => {
      const user = renderOtp();
      await user.type(screen.getByRole('textbox', { name: 'OTP' }), typed);
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText(OTP_INVALID)).toBeInTheDocument();
      expect(api.encrypted.post).not.toHaveBeenCalled();
    },
  );

  it('shows the server message when the OTP is wrong and stays on the page', async () => {
    api.encrypted.post.mockRejectedValue(apiError(401, 'Invalid or expired OTP.'));
    const user = renderOtp();
    await user.type(screen.getByRole('textbox', { name: 'OTP' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(toasts()).toEqual([['error', 'Invalid or expired OTP.']]));
    expect(screen.queryByLabelText('current location')).not.toBeInTheDocument();
    expect(session.startSignup).not.toHaveBeenCalled();
  });

  it('counts down 180 s as m:ss before Resend OTP is enabled', () => {
    renderOtp();
    const resend = screen.getByRole('button', { name: 'Resend OTP' });
    expect(resend).toBeDisabled();
    expect(screen.getByRole('timer')).toHaveTextContent('Resend OTP in 3:00');
    advance(1000);
    expect(screen.getByRole('timer')).toHaveTextContent('2:59');
    advance(178_000);
    expect(screen.getByRole('timer')).toHaveTextContent('0:01');
    expect(resend).toBeDisabled();
    advance(1000);
    expect(resend).toBeEnabled();
  });

  it('resends, shows the success message for 5 s and restarts the countdown', async () => {
    api.get.mockResolvedValue({ status: 200, data: { message: 'OTP resent' } });
    const user = renderOtp();
    advance(180_000);
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText(OTP_RESENT)).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/auth/get-otps', {
      params: { phone_number: '2348012345678' },
    });
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
    expect(screen.getByRole('timer')).toHaveTextContent('3:00');
    advance(4_500);
    expect(screen.getByText(OTP_RESENT)).toBeInTheDocument();
    advance(600);
    expect(screen.queryByText(OTP_RESENT)).not.toBeInTheDocument();
  });

  it('shows the failure message for 5 s and leaves Resend OTP enabled', async () => {
    api.get.mockRejectedValue(apiError(429, 'Please wait 30 seconds before asking again.'));
    const user = renderOtp();
    advance(180_000);
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText(OTP_RESEND_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeEnabled();
    advance(5_000);
    expect(screen.queryByText(OTP_RESEND_FAILED)).not.toBeInTheDocument();
  });

  it('keeps the right time when the tab was in the background (timers throttled)', () => {
    renderOtp();
    // The clock moves 100 s while only one interval tick fires.
    act(() => {
      jest.setSystemTime(Date.now() + 100_000);
      jest.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('1:19');
  });
});

describe('/otp links', () => {
  it('offers a way back to /signup to change the number', async () => {
    const user = renderOtp();
    await user.click(screen.getByRole('link', { name: 'Change it' }));
    expect(screen.getByLabelText('current location')).toHaveTextContent('/signup');
  });
});
