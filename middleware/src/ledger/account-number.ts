import { randomInt } from 'node:crypto';

// docs/domain.md "Bank accounts (NUBAN)", revised CBN standard (2020).
const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];

/** A 3-digit CBN code is padded with 000, a 5-digit (MFB/fintech) code gets a leading 9. */
export function nubanBankCode(institutionCode: string): string {
  if (/^\d{3}$/.test(institutionCode)) return `000${institutionCode}`;
  if (/^\d{5}$/.test(institutionCode)) return `9${institutionCode}`;
  if (/^\d{6}$/.test(institutionCode)) return institutionCode;
  throw new RangeError(`Institution code must be 3, 5 or 6 digits, got '${institutionCode}'`);
}

export function nubanCheckDigit(institutionCode: string, serial: string): number {
  if (!/^\d{9}$/.test(serial))
    throw new RangeError(`NUBAN serial must be 9 digits, got '${serial}'`);
  const digits = nubanBankCode(institutionCode) + serial;
  const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (WEIGHTS[i] ?? 0), 0);
  return (10 - (sum % 10)) % 10;
}

export function isValidNuban(institutionCode: string, accountNumber: string): boolean {
  if (!/^\d{10}$/.test(accountNumber)) return false;
  return nubanCheckDigit(institutionCode, accountNumber.slice(0, 9)) === Number(accountNumber[9]);
}

/**
 * A random serial from a CSPRNG, never a counter: knowing your own number must not tell you
 * anyone else's. Collisions are possible (1e9 serials) and are retried on the unique constraint.
 */
export function generateAccountNumber(
  institutionCode: string,
  random: (min: number, max: number) => number = (min, max) => randomInt(min, max),
): string {
  const serial = String(random(0, 1_000_000_000)).padStart(9, '0');
  return serial + String(nubanCheckDigit(institutionCode, serial));
}
