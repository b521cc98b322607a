import {
  BOUQUET_REQUIRED,
  CABLE_PROVIDER_REQUIRED,
  METER_NOT_VERIFIED,
  PHONE_INVALID,
  SMARTCARD_NOT_VERIFIED,
  SMARTCARD_NUMBER_INVALID,
  SMARTCARD_NUMBER_LENGTH,
  SMARTCARD_NUMBER_REQUIRED,
  TELCO_REQUIRED,
} from '../messages/validation';
import {
  airtimeFormSchema,
  airtimePayloadSchema,
  cableTvFormSchema,
  cableTvPayloadSchema,
  dataFormSchema,
  dataPayloadSchema,
  electricityFormSchema,
  electricityPayloadSchema,
  smartcardNumberSchema,
  telcoSchema,
  verifyMeterPayloadSchema,
  verifySmartcardPayloadSchema,
} from './payments';
import { firstMessage } from './test-helpers';

describe('telcoSchema (SPEC §3 telco codes)', () => {
  it.each(['mtnng', 'airng', 'glong', 'eting'])('accepts %p', (code) => {
    expect(telcoSchema.parse(code)).toBe(code);
  });
  it('rejects anything else', () => {
    expect(firstMessage(telcoSchema, 'MTN')).toBe(TELCO_REQUIRED);
  });
});

describe('airtime', () => {
  const form = {
    wallet_account_number: '1100000001',
    telco: 'mtnng',
    receiving_phone_number: '08031234567',
    amount: '100',
  };
  it('form needs every field except the PIN', () => {
    expect(airtimeFormSchema.safeParse(form).success).toBe(true);
    expect(
      firstMessage(
        airtimeFormSchema,
        { ...form, receiving_phone_number: '803' },
        'receiving_phone_number',
      ),
    ).toBe(PHONE_INVALID);
  });
  it('payload sends the phone as 234 plus the rest and the amount as a number', () => {
    const parsed = airtimePayloadSchema.parse({
      ...form,
      transaction_pin: '123456',
      wallet_name: 'Main',
    });
    expect(parsed.receiving_phone_number).toBe('2348031234567');
    expect(parsed.amount).toBe(100);
  });
});

describe('data', () => {
  const form = {
    wallet_account_number: '1100000001',
    network: 'mtnng',
    dataplan: 'mtn-10mb-100',
    phoneNumber: '08031234567',
    amount: '100',
  };
  it('form needs a plan', () => {
    expect(dataFormSchema.safeParse(form).success).toBe(true);
    expect(dataFormSchema.safeParse({ ...form, dataplan: '' }).success).toBe(false);
  });
  it('payload sends the phone in the 234 form', () => {
    const parsed = dataPayloadSchema.parse({
      ...form,
      transaction_pin: '123456',
      wallet_name: 'Main',
    });
    expect(parsed.phoneNumber).toBe('2348031234567');
  });
});

describe('electricity', () => {
  const form = {
    wallet_account_number: '1100000001',
    service_type: 'ikeja-electric-prepaid',
    meter_number: '45012345678',
    account_details: 'ADA OBI, 1 Marina',
    phone_number: '08031234567',
    amount: '3000',
  };
  it('form needs the verified account details (SPEC §5)', () => {
    expect(electricityFormSchema.safeParse(form).success).toBe(true);
    expect(
      firstMessage(electricityFormSchema, { ...form, account_details: '' }, 'account_details'),
    ).toBe(METER_NOT_VERIFIED);
  });
  it('verify-meter payload enforces the 20-character limit', () => {
    expect(
      verifyMeterPayloadSchema.safeParse({ meter_number: '1'.repeat(21), service_type: 'x' })
        .success,
    ).toBe(false);
  });
  it('payload accepts the meter result object as account details', () => {
    const parsed = electricityPayloadSchema.parse({
      ...form,
      account_details: { name: 'ADA OBI', address: '1 Marina' },
      transaction_pin: '123456',
      wallet_name: 'Main',
    });
    expect(parsed.phone_number).toBe('2348031234567');
    expect(parsed.amount).toBe(3000);
  });
});

describe('cable TV', () => {
  it.each(['7011111111', '02111111111', ' 8011111111 '])('a smartcard number %p is digits', (n) => {
    expect(smartcardNumberSchema.parse(n)).toBe(n.trim());
  });
  it.each([
    ['', SMARTCARD_NUMBER_REQUIRED],
    ['__proto__', SMARTCARD_NUMBER_INVALID],
    ['7011-111111', SMARTCARD_NUMBER_INVALID],
    ['701111111', SMARTCARD_NUMBER_LENGTH],
    ['701111111111', SMARTCARD_NUMBER_LENGTH],
  ])('refuses %p: %s', (n, message) => {
    expect(firstMessage(smartcardNumberSchema, n)).toBe(message);
  });
  it('the check needs a provider', () => {
    expect(
      firstMessage(verifySmartcardPayloadSchema, { smartcard_number: '7011111111' }, 'provider'),
    ).toBe(CABLE_PROVIDER_REQUIRED);
  });
  const form = {
    wallet_account_number: '1100000001',
    provider: 'dstv',
    smartcard_number: '7011111111',
    customer_name: 'TESTCARD DELIVERED',
    bouquet_code: 'dstv-compact',
    phone_number: '08031234567',
    amount: '19000',
  };
  it('the form needs the smartcard validated and a bouquet', () => {
    expect(cableTvFormSchema.safeParse(form).success).toBe(true);
    expect(firstMessage(cableTvFormSchema, { ...form, customer_name: '' }, 'customer_name')).toBe(
      SMARTCARD_NOT_VERIFIED,
    );
    expect(firstMessage(cableTvFormSchema, { ...form, bouquet_code: '' }, 'bouquet_code')).toBe(
      BOUQUET_REQUIRED,
    );
  });
  it('the payload sends the phone as 234 plus the rest and the amount as a number', () => {
    const parsed = cableTvPayloadSchema.parse({
      transaction_pin: '123456',
      wallet_account_number: '1100000001',
      wallet_name: 'Main',
      provider: 'dstv',
      smartcard_number: '7011111111',
      bouquet_code: 'dstv-compact',
      amount: '19000',
      phone_number: '08031234567',
    });
    expect(parsed).toMatchObject({ phone_number: '2348031234567', amount: 19000 });
  });
});
