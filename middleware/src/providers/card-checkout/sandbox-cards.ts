/**
 * The sandbox card processor behind the checkout page: the outcome is decided
 * by the test card number, so every path can be reached on purpose (README "Sandbox").
 */
export const SANDBOX_CARDS = {
  success: '4084084084084081',
  declined: '4000000000000002',
  otp: '5060666666666666666',
} as const;
export const SANDBOX_CARD_OTP = '123456';

export type CardOutcome = 'approved' | 'declined' | 'otp_required' | 'unknown_card';

/** Digits only: people type card numbers with spaces or dashes. */
export function normaliseCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function chargeSandboxCard(cardNumber: string): CardOutcome {
  switch (normaliseCardNumber(cardNumber)) {
    case SANDBOX_CARDS.success:
      return 'approved';
    case SANDBOX_CARDS.declined:
      return 'declined';
    case SANDBOX_CARDS.otp:
      return 'otp_required';
    default:
      return 'unknown_card';
  }
}

export function checkSandboxOtp(otp: string): boolean {
  return otp.trim() === SANDBOX_CARD_OTP;
}
