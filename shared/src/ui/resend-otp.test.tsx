import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OTP_RESEND_FAILED } from '../messages/errors';
import { OTP_RESENT } from '../messages/successes';
import { ResendOtp } from './resend-otp';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
const setup = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

describe('ResendOtp (SPEC §4 / §8)', () => {
  it('enables Resend OTP after the 180-second countdown', () => {
    render(<ResendOtp onResend={jest.fn()} />);
    const button = screen.getByRole('button', { name: 'Resend OTP' });
    expect(screen.getByRole('timer')).toHaveTextContent('Resend OTP in 3:00');
    advance(179_000);
    expect(button).toBeDisabled();
    advance(1000);
    expect(button).toBeEnabled();
    expect(screen.getByRole('timer')).toHaveTextContent("Didn't get the code?");
  });

  it('carries on a countdown that started earlier', () => {
    render(<ResendOtp onResend={jest.fn()} sentAt={Date.now() - 170_000} />);
    expect(screen.getByRole('timer')).toHaveTextContent('0:10');
  });

  it('on success shows the message for 5 s and restarts the countdown', async () => {
    const onResend = jest.fn().mockResolvedValue(undefined);
    const user = setup();
    render(<ResendOtp onResend={onResend} />);
    advance(180_000);
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText(OTP_RESENT)).toBeInTheDocument();
    expect(onResend).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('timer')).toHaveTextContent('3:00');
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
    // findByText polled the fake clock forward a little: 4.8 s more is still within the 5 s.
    advance(4800);
    expect(screen.getByText(OTP_RESENT)).toBeInTheDocument();
    advance(200);
    expect(screen.queryByText(OTP_RESENT)).not.toBeInTheDocument();
  });

  it('on failure shows the message for 5 s and leaves the button enabled', async () => {
    const user = setup();
    render(<ResendOtp onResend={jest.fn().mockRejectedValue(new Error('429'))} />);
    advance(180_000);
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText(OTP_RESEND_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeEnabled();
    advance(5000);
    expect(screen.queryByText(OTP_RESEND_FAILED)).not.toBeInTheDocument();
  });

  it('stays disabled while something else is in flight', () => {
    render(<ResendOtp onResend={jest.fn()} disabled />);
    advance(180_000);
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
  });
});
