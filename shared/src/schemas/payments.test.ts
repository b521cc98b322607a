import { METER_NOT_VERIFIED, PHONE_INVALID, TELCO_REQUIRED } from '../messages/validation';
import {
  airtimeFormSchema,
  airtimePayloadSchema,
  dataFormSchema,
  dataPayloadSchema,
  electricityFormSchema,
  electricityPayloadSchema,
  telcoSchema,
  verifyMeterPayloadSchema,
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
