import { randomInt } from 'node:crypto';
import type { DisputeCategory } from '../../db/schema.js';

/*
 * The business rules of a complaint (docs/decisions/034-complaints-with-a-clock.md; docs/domain.md
 * "Complaints and alerts": a tracking number at once, and a date by which the customer hears back).
 */

export const DISPUTE_CATEGORIES: readonly DisputeCategory[] = [
  'money_not_arrived',
  'wrong_amount',
  'not_authorised',
  'bill_not_delivered',
  'other',
];

/** The words a customer sees for each category. */
export const CATEGORY_LABELS: Record<DisputeCategory, string> = {
  money_not_arrived: 'Money left but did not arrive',
  wrong_amount: 'Wrong amount',
  not_authorised: 'Not authorised by me',
  bill_not_delivered: 'Bill not delivered',
  other: 'Other',
};

const HOUR_MS = 60 * 60 * 1000;

/**
 * Hours until the promised answer. A failed electronic transaction is resolved within 72 hours
 * (CBN's 2020 rule for web channels); a transaction the customer did not authorise is urgent (the
 * 2025 fraud draft's 24 hours); anything else gets the two weeks CBN allows a complaint.
 */
export const RESPOND_WITHIN_HOURS: Record<DisputeCategory, number> = {
  money_not_arrived: 72,
  wrong_amount: 72,
  bill_not_delivered: 72,
  not_authorised: 24,
  other: 14 * 24,
};

export function respondBy(category: DisputeCategory, filedAt: Date): Date {
  return new Date(filedAt.getTime() + RESPOND_WITHIN_HOURS[category] * HOUR_MS);
}

/** No 0/O, 1/I/L: a tracking number is read out on the phone. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** AJO-CMP-YYMMDD-XXXXXX, the date in Lagos (UTC+1, no daylight saving). */
export function newTrackingNumber(now: Date): string {
  const lagos = new Date(now.getTime() + HOUR_MS);
  const date = lagos.toISOString().slice(2, 10).replaceAll('-', '');
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `AJO-CMP-${date}-${suffix}`;
}

export const TRACKING_NUMBER_PATTERN = /^AJO-CMP-\d{6}-[2-9A-HJKMNP-Z]{6}$/;
