import {
  AGREEMENT_REQUIRED,
  DATE_INVALID,
  EMAIL_INVALID,
  END_BEFORE_START,
  OTHER_REASON_REQUIRED,
  REASON_REQUIRED,
} from '../messages/validation';
import {
  accountClosurePayloadSchema,
  accountClosureReason,
  deleteAccountFormSchema,
  referralFormSchema,
  referralSubmissionPayloadSchema,
  statementRequestSchema,
} from './settings';
import { firstMessage } from './test-helpers';

describe('statementRequestSchema', () => {
  const request = {
    wallet_number: '1100000001',
    email: 'ada@example.com',
    start_date: '2026-01-01',
    end_date: '2026-01-31',
  };
  it('accepts a complete request', () => {
    expect(statementRequestSchema.safeParse(request).success).toBe(true);
  });
  it('rejects a bad email and a bad date', () => {
    expect(firstMessage(statementRequestSchema, { ...request, email: 'ada' }, 'email')).toBe(
      EMAIL_INVALID,
    );
    expect(
      firstMessage(statementRequestSchema, { ...request, start_date: '01/01/2026' }, 'start_date'),
    ).toBe(DATE_INVALID);
    expect(
      firstMessage(statementRequestSchema, { ...request, start_date: '2026-13-45' }, 'start_date'),
    ).toBe(DATE_INVALID);
    expect(
      firstMessage(statementRequestSchema, { ...request, start_date: '2026-02-31' }, 'start_date'),
    ).toBe(DATE_INVALID);
  });
  it('rejects an end date before the start date', () => {
    expect(
      firstMessage(statementRequestSchema, { ...request, end_date: '2025-12-31' }, 'end_date'),
    ).toBe(END_BEFORE_START);
  });
});

describe('deleteAccountFormSchema', () => {
  it('accepts a listed reason with the agreement ticked', () => {
    const values = deleteAccountFormSchema.parse({
      reason: 'Technical issues or errors',
      agreed: true,
    });
    expect(accountClosureReason(values)).toBe('Technical issues or errors');
  });
  it('needs a reason and the agreement', () => {
    const input = { reason: '', agreed: false };
    expect(firstMessage(deleteAccountFormSchema, input, 'reason')).toBe(REASON_REQUIRED);
    expect(firstMessage(deleteAccountFormSchema, input, 'agreed')).toBe(AGREEMENT_REQUIRED);
  });
  it("needs the free text for 'Other Reasons' and sends it as the reason", () => {
    expect(
      firstMessage(
        deleteAccountFormSchema,
        { reason: 'Other Reasons', other_reason: ' ', agreed: true },
        'other_reason',
      ),
    ).toBe(OTHER_REASON_REQUIRED);
    const values = deleteAccountFormSchema.parse({
      reason: 'Other Reasons',
      other_reason: ' Moving abroad ',
      agreed: true,
    });
    expect(accountClosureReason(values)).toBe('Moving abroad');
  });
  it('closure payload needs a non-empty reason', () => {
    expect(accountClosurePayloadSchema.safeParse({ reason: 'Moving abroad' }).success).toBe(true);
    expect(firstMessage(accountClosurePayloadSchema, { reason: '' }, 'reason')).toBe(
      REASON_REQUIRED,
    );
  });
});

describe('referral', () => {
  it('form uses the phone rule', () => {
    expect(referralFormSchema.safeParse({ phone_number: '08023456789' }).success).toBe(true);
    expect(referralFormSchema.safeParse({ phone_number: '0802345678' }).success).toBe(false);
  });
  it('submission payload sends the 234 form', () => {
    const parsed = referralSubmissionPayloadSchema.parse({
      referral_code: 'ADA123',
      phone_number: '08023456789',
    });
    expect(parsed).toEqual({ referral_code: 'ADA123', phone_number: '2348023456789' });
  });
});
