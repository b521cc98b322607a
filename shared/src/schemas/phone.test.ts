import { PHONE_INVALID, PHONE_REQUIRED } from '../messages/validation';
import {
  internationalPhoneSchema,
  phoneSchema,
  phoneToInternationalSchema,
  referralPhoneSchema,
  toInternationalPhone,
  toLocalPhone,
} from './phone';
import { firstMessage } from './test-helpers';

describe('toInternationalPhone', () => {
  it('replaces the leading 0 with 234', () => {
    expect(toInternationalPhone('08012345678')).toBe('2348012345678');
  });

  it('leaves a number already in the 234 form unchanged', () => {
    expect(toInternationalPhone('2348012345678')).toBe('2348012345678');
  });

  it('trims surrounding spaces', () => {
    expect(toInternationalPhone(' 08012345678 ')).toBe('2348012345678');
  });

  it('round-trips with toLocalPhone', () => {
    expect(toLocalPhone(toInternationalPhone('09087654321'))).toBe('09087654321');
  });
});

describe('phoneSchema (SPEC §5: 0 plus 10 digits)', () => {
  it('accepts 0 followed by 10 digits', () => {
    expect(phoneSchema.parse('08012345678')).toBe('08012345678');
  });

  it('requires a value', () => {
    expect(firstMessage(phoneSchema, '')).toBe(PHONE_REQUIRED);
    expect(firstMessage(phoneSchema, undefined)).toBe(PHONE_REQUIRED);
  });

  it.each([
    ['too short', '0801234567'],
    ['too long (max length 11)', '080123456789'],
    ['not starting with 0', '18012345678'],
    ['234 form in a form field', '2348012345678'],
    ['letters', '0801234567a'],
  ])('rejects a number that is %s', (_case, value) => {
    expect(firstMessage(phoneSchema, value)).toBe(PHONE_INVALID);
  });

  it('the referral phone follows the same rule', () => {
    expect(referralPhoneSchema.safeParse('08023456789').success).toBe(true);
    expect(firstMessage(referralPhoneSchema, '8023456789')).toBe(PHONE_INVALID);
  });
});

describe('phone in the 234 form', () => {
  it('phoneToInternationalSchema validates the local form and outputs 234 plus the rest', () => {
    expect(phoneToInternationalSchema.parse('08012345678')).toBe('2348012345678');
    expect(phoneToInternationalSchema.safeParse('8012345678').success).toBe(false);
  });

  it('internationalPhoneSchema accepts only 234 plus 10 digits', () => {
    expect(internationalPhoneSchema.parse('2348012345678')).toBe('2348012345678');
    expect(firstMessage(internationalPhoneSchema, '08012345678')).toBe(PHONE_INVALID);
  });
});
