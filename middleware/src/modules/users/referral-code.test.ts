import { REFERRAL_CODE_ALPHABET, newReferralCode } from './referral-code.js';

describe('referral codes', () => {
  it('are 8 characters from A–Z and 0–9 without look-alikes', () => {
    for (let i = 0; i < 200; i++) expect(newReferralCode()).toMatch(/^[A-Z2-9]{8}$/);
    for (const lookAlike of ['0', 'O', '1', 'I', 'L']) {
      expect(REFERRAL_CODE_ALPHABET).not.toContain(lookAlike);
    }
  });

  it('are random, not a sequence', () => {
    const codes = new Set(Array.from({ length: 500 }, newReferralCode));
    expect(codes.size).toBe(500);
  });
});
