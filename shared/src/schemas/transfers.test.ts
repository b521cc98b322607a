import {
  ACCOUNT_NOT_VERIFIED,
  BANK_REQUIRED,
  RECEIVER_NOT_VERIFIED,
  SOURCE_WALLET_REQUIRED,
} from '../messages/validation';
import { firstMessage } from './test-helpers';
import {
  bankToWalletFormSchema,
  bankToWalletPayloadSchema,
  bankTransferPayloadSchema,
  newBeneficiarySchema,
  saveBankBeneficiarySchema,
  verifyAccountPayloadSchema,
  verifyWalletPayloadSchema,
  walletToBankFormSchema,
  walletTransferFormSchema,
  walletTransferPayloadSchema,
} from './transfers';

const BANK_TO_SAVE = 'Receiving bank is required to save a beneficiary. Please, select a bank.';

describe('walletTransferFormSchema (SPEC §4: every field except narration)', () => {
  const form = {
    sender_wallet_number: '1100000001',
    receiver_wallet_number: '1100000009',
    receiver_name: 'ADA OBI',
    amount: '2500',
    narration: '',
  };
  it('accepts a filled form with no narration', () => {
    expect(walletTransferFormSchema.safeParse(form).success).toBe(true);
  });
  it('needs the receiver validated and a source wallet', () => {
    const input = { ...form, receiver_name: '', sender_wallet_number: '' };
    expect(firstMessage(walletTransferFormSchema, input, 'receiver_name')).toBe(
      RECEIVER_NOT_VERIFIED,
    );
    expect(firstMessage(walletTransferFormSchema, input, 'sender_wallet_number')).toBe(
      SOURCE_WALLET_REQUIRED,
    );
  });
});

describe('walletTransferPayloadSchema', () => {
  const payload = {
    sender_wallet_number: '1100000001',
    wallet_name: 'Main',
    receiver_wallet_number: '1100000009',
    transfer_amount: '2500.50',
    narration: 'rent',
    transaction_pin: '123456',
  };
  it('turns a numeric-string amount into a number', () => {
    expect(walletTransferPayloadSchema.parse(payload).transfer_amount).toBe(2500.5);
    expect(
      walletTransferPayloadSchema.parse({ ...payload, transfer_amount: 10 }).transfer_amount,
    ).toBe(10);
  });
  it('accepts the OTP on the second call and trims it', () => {
    expect(walletTransferPayloadSchema.parse({ ...payload, otp: ' 123456' }).otp).toBe('123456');
  });
  it('rejects a zero amount and a short PIN', () => {
    expect(walletTransferPayloadSchema.safeParse({ ...payload, transfer_amount: 0 }).success).toBe(
      false,
    );
    expect(
      walletTransferPayloadSchema.safeParse({ ...payload, transaction_pin: '1234' }).success,
    ).toBe(false);
  });
  it('verify-wallet payload needs a wallet number', () => {
    expect(
      verifyWalletPayloadSchema.safeParse({ wallet_account_number: '1100000009' }).success,
    ).toBe(true);
    expect(verifyWalletPayloadSchema.safeParse({ wallet_account_number: '' }).success).toBe(false);
  });
});

describe('walletToBankFormSchema', () => {
  const form = {
    wallet_account_number: '1100000001',
    bank: '058***GTBank',
    account_number: '0123456785',
    account_name: 'ADA OBI',
    amount: '1000',
    narration: '',
    save_beneficiary: false,
  };
  it('accepts a filled form', () => {
    expect(walletToBankFormSchema.safeParse(form).success).toBe(true);
  });
  it('needs a bank', () => {
    expect(firstMessage(walletToBankFormSchema, { ...form, bank: '' }, 'bank')).toBe(BANK_REQUIRED);
  });
  it('uses the SPEC message when Save Beneficiary is ticked without a bank', () => {
    expect(
      firstMessage(walletToBankFormSchema, { ...form, bank: '', save_beneficiary: true }, 'bank'),
    ).toBe(BANK_TO_SAVE);
    expect(firstMessage(saveBankBeneficiarySchema, { bank: '' }, 'bank')).toBe(BANK_TO_SAVE);
  });
  it('needs the account name resolved by Validate', () => {
    expect(
      firstMessage(walletToBankFormSchema, { ...form, account_name: '' }, 'account_name'),
    ).toBe(ACCOUNT_NOT_VERIFIED);
  });
});

describe('wallet-to-bank payloads (SPEC §7)', () => {
  it('verify-account sends channelCode 1', () => {
    const ok = {
      channelCode: '1',
      beneficiaryBankCode: '058',
      beneficiaryAccountNumber: '0123456785',
    };
    expect(verifyAccountPayloadSchema.safeParse(ok).success).toBe(true);
    expect(verifyAccountPayloadSchema.safeParse({ ...ok, channelCode: '2' }).success).toBe(false);
  });
  it('transfer-funds keeps the verification fields and outputs a number amount', () => {
    const parsed = bankTransferPayloadSchema.parse({
      transaction_pin: '123456',
      account_number: '0123456785',
      account_name: 'ADA OBI',
      bank_code: '058',
      amount: '1000.10',
      wallet_account_number: '1100000001',
      narration: '',
      wallet_name: 'Main',
      channelCode: '1',
      beneficiaryNameEnquiryRefrenceNumber: '000013251122080000123456789012',
    });
    expect(parsed.amount).toBe(1000.1);
    expect(parsed.beneficiaryNameEnquiryRefrenceNumber).toBe('000013251122080000123456789012');
  });
});

describe('bank-to-wallet (SPEC §5: wallet, amount, 6-digit PIN; amount sent as a number)', () => {
  it('form needs every field', () => {
    expect(
      bankToWalletFormSchema.safeParse({
        wallet_account_number: '1',
        amount: '50',
        transaction_pin: '123456',
      }).success,
    ).toBe(true);
    expect(
      bankToWalletFormSchema.safeParse({
        wallet_account_number: '1',
        amount: '50',
        transaction_pin: '1234',
      }).success,
    ).toBe(false);
  });
  it('payload normalises the phone to 234 and fixes platform web', () => {
    const payload = {
      wallet_account_number: '1100000001',
      transfer_amount: 5000,
      transaction_pin: '123456',
      phone_number: '08012345678',
      platform: 'web',
    };
    expect(bankToWalletPayloadSchema.parse(payload).phone_number).toBe('2348012345678');
    expect(
      bankToWalletPayloadSchema.safeParse({ ...payload, transfer_amount: '5000' }).success,
    ).toBe(false);
    expect(bankToWalletPayloadSchema.safeParse({ ...payload, platform: 'android' }).success).toBe(
      false,
    );
  });
});

describe('newBeneficiarySchema', () => {
  it('accepts a wallet beneficiary with no bank', () => {
    const wallet = {
      name: 'ADA OBI',
      recipient_account_number: '1100000009',
      account_number: '1100000001',
      account_type: 'wallet',
      bank_code: null,
      bank_image: null,
    };
    expect(newBeneficiarySchema.safeParse(wallet).success).toBe(true);
    expect(newBeneficiarySchema.safeParse({ ...wallet, name: '' }).success).toBe(false);
  });
});
