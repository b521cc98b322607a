// Answers of the purchase calls for the screen tests (not bundled: only *.test.tsx import it).
import type { BillPayment } from '@ajo/shared/schemas';

export function purchaseAnswer(
  overrides: Partial<BillPayment> = {},
  referenceField: 'userReference' | 'transactionRef' = 'userReference',
  message = 'Your airtime purchase was successful.',
) {
  const transaction: BillPayment = {
    reference: 'money-0123456789abcdef0123456789abcdef',
    product: 'airtime',
    status: 'successful',
    amount: 500,
    provider: 'MTN',
    recipient: '2348031234567',
    description: 'Airtime',
    token: null,
    units: null,
    created_at: '2026-01-15T09:00:00.000Z',
    ...overrides,
  };
  return {
    status: 201,
    data: { message, transaction: { ...transaction, [referenceField]: transaction.reference } },
  };
}
