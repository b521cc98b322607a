// SPEC §9: amounts and balances in naira (₦) with 2 decimals. Rounding goes through integer kobo so
// that binary floating point never shows 1.005 as ₦1.00 (docs/architecture.md "The middleware":
// money is integer kobo).

const NAIRA_SIGN = '₦';

/** Naira (number or numeric string) to integer kobo, rounding half away from zero. */
export function nairaToKobo(naira: number | string): number {
  const value = typeof naira === 'string' ? Number(naira.replace(/,/g, '').trim()) : naira;
  if (!Number.isFinite(value)) return 0;
  // toPrecision(15) drops the float noise (1.005 * 100 = 100.49999999999999) before rounding.
  const kobo = Math.round(Number((Math.abs(value) * 100).toPrecision(15)));
  return value < 0 && kobo !== 0 ? -kobo : kobo;
}

export function koboToNaira(kobo: number): number {
  return kobo / 100;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Integer kobo to '₦1,234.50'; negatives as '-₦1,234.50'. */
export function formatKobo(kobo: number | bigint): string {
  const value =
    typeof kobo === 'bigint' ? kobo : BigInt(Math.round(Number.isFinite(kobo) ? kobo : 0));
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const naira = groupThousands((abs / 100n).toString());
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${NAIRA_SIGN}${naira}.${fraction}`;
}

/**
 * '₦1,234.50' from a naira amount (number or numeric string as the API sends it). Anything that is
 * not a number (null, '', 'abc') shows as ₦0.00 rather than '₦NaN'.
 */
export function formatNaira(amount: number | string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return formatKobo(0);
  return formatKobo(nairaToKobo(amount));
}
