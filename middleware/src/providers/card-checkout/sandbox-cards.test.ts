import { chargeSandboxCard, checkSandboxOtp } from './sandbox-cards.js';

describe('sandbox test cards', () => {
  it('approves, declines or asks for an OTP by card number, spaces allowed', () => {
    expect(chargeSandboxCard('4084 0840 8408 4081')).toBe('approved');
    expect(chargeSandboxCard('4000-0000-0000-0002')).toBe('declined');
    expect(chargeSandboxCard('5060 6666 6666 6666 666')).toBe('otp_required');
    expect(chargeSandboxCard('4111 1111 1111 1111')).toBe('unknown_card');
  });

  it('accepts only the documented OTP', () => {
    expect(checkSandboxOtp('123456')).toBe(true);
    expect(checkSandboxOtp('654321')).toBe(false);
  });
});
