import * as constants from './index';

describe('SPEC §9 constants', () => {
  it('has the PIN, OTP and identity lengths', () => {
    expect(constants.SECURITY_PIN_LENGTH).toBe(4);
    expect(constants.TRANSACTION_PIN_LENGTH).toBe(6);
    expect(constants.OTP_LENGTH).toBe(6);
    expect(constants.NIN_LENGTH).toBe(11);
    expect(constants.BVN_LENGTH).toBe(11);
    expect(constants.PHONE_LENGTH).toBe(11);
    expect(constants.NUBAN_LENGTH).toBe(10);
  });
  it('has the timings', () => {
    expect(constants.OTP_RESEND_COUNTDOWN_SECONDS).toBe(180);
    expect(constants.MESSAGE_DURATION_MS).toBe(5000);
    expect(constants.TOAST_DURATION_MS).toBe(5000);
    expect(constants.PIN_SUCCESS_RELOAD_MS).toBe(1500);
    expect(constants.CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
  });
  it('has the field limits', () => {
    expect(constants.WALLET_NUMBER_MAX_LENGTH).toBe(12);
    expect(constants.AMOUNT_MAX_LENGTH).toBe(10);
    expect(constants.AMOUNT_STEP).toBe(0.01);
    expect(constants.NARRATION_MAX_LENGTH).toBe(30);
    expect(constants.METER_NUMBER_MAX_LENGTH).toBe(20);
  });
  it('has the fixed ids and wire values', () => {
    expect(constants.COMMISSION_WALLET_PRODUCT_ID).toBe(4);
    expect(constants.PROOF_OF_RESIDENCE_DOCUMENT_TYPE_ID).toBe(32);
    expect(constants.TRANSFER_CHANNEL_CODE).toBe('1');
    expect(constants.PLATFORM).toBe('web');
    expect(constants.MAC_ADDRESS).toBe('web');
    expect(constants.TRANSACTION_HISTORY_TYPE).toBe('mini');
  });
  it('lists the four telcos with their codes', () => {
    expect(constants.TELCOS.map((t) => `${t.code}:${t.name}`)).toEqual([
      'mtnng:MTN',
      'airng:AIRTEL',
      'glong:GLO',
      'eting:9MOBILE',
    ]);
  });
  it('lists the 11 delete-account reasons ending with Other Reasons', () => {
    expect(constants.DELETE_ACCOUNT_REASONS).toHaveLength(11);
    expect(constants.DELETE_ACCOUNT_REASONS[0]).toBe('Security and privacy concerns');
    expect(constants.DELETE_ACCOUNT_REASONS.at(-1)).toBe('Other Reasons');
  });
});
