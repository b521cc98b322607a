import { LedgerError } from './ledger-error.js';

/** A money amount for the ledger: a positive whole number of kobo within the safe integer range. */
export function assertPositiveKobo(amountKobo: unknown): number {
  if (typeof amountKobo !== 'number' || !Number.isSafeInteger(amountKobo) || amountKobo <= 0) {
    throw new LedgerError('INVALID_AMOUNT', 'The amount must be a positive whole number of kobo.');
  }
  return amountKobo;
}

/**
 * Reads an int8 the way any driver may hand it over (number, bigint or decimal string) and refuses
 * values a JS number cannot hold exactly: naira amounts never get near 2^53 kobo, but if one did we
 * want an error, not a rounded balance.
 */
export function toKobo(value: unknown): number {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'bigint') n = Number(value);
  else if (typeof value === 'string' && /^-?\d+$/.test(value)) n = Number(value);
  else throw new TypeError(`Not a kobo amount: ${String(value)}`);
  if (!Number.isSafeInteger(n)) throw new RangeError(`Kobo amount out of the safe range: ${value}`);
  return n;
}

/**
 * SPEC §9: amounts are naira with at most 2 decimals ("1,500.5" → 150050). Parsed from the text,
 * never through floating point multiplication.
 */
export function nairaToKobo(naira: string | number): number {
  const text = typeof naira === 'number' ? String(naira) : naira.replaceAll(',', '').trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match)
    throw new LedgerError('INVALID_AMOUNT', 'Enter an amount in naira with at most 2 decimals.');
  const kobo = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(kobo))
    throw new LedgerError('INVALID_AMOUNT', 'The amount is too large.');
  return kobo;
}

export function koboToNaira(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
