import * as messages from './index';

// A few catalogue entries checked letter for letter: typos and punctuation are the SPEC's (§8).
describe('SPEC §8 messages are verbatim', () => {
  it.each([
    ['INVALID_OTP', 'Invalid OTP! Please, check and try again.'],
    ['AN_ERROR_OCCURED', 'An Error Occured'],
    ['ERROR_UPDATING_BVN_INVALID', 'Error Updating BVN : BVN Should be a string of eleven digits'],
    [
      'ERROR_SAVING_BENEFICIARY',
      'Error Saving Beneficiary! Please, check that the beneficiary does not already exist.',
    ],
    ['RENDER_FALLBACK', "We ran into an issue, but don't worry, we'll take care of it for sure."],
    ['TRANSACTION_PIN_CREATED', 'Transaction PIN Created!'],
    ['SECURITY_PINS_DO_NOT_MATCH', 'Security PINs do not match!'],
    ['NIN_MISMATCH', 'NIN mismatch!'],
  ] as const)('%s', (name, text) => {
    expect(messages[name]).toBe(text);
  });

  it('every message is a non-empty string with no surrounding spaces', () => {
    for (const [name, value] of Object.entries(messages)) {
      if (typeof value !== 'string') continue;
      expect({ name, ok: value.length > 0 && value === value.trim() }).toEqual({ name, ok: true });
    }
  });

  it('builds the referral invite line', () => {
    expect(messages.referralInviteLine('Ada')).toBe('Ada invited you to join the fun');
  });
});
