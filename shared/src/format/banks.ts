// SPEC §3: a bank option value is code and name joined by '***'; banks sorted by name,
// case-insensitively.
import { BANK_OPTION_SEPARATOR } from '@ajo/shared/constants';
import type { Bank, BankOptionValue } from '../entities';

export function toBankOptionValue(bank: Bank): BankOptionValue {
  return `${bank.code}${BANK_OPTION_SEPARATOR}${bank.name}`;
}

/** Splits on the first separator, so a bank name may itself contain '***'. */
export function parseBankOptionValue(value: string | null | undefined): Bank | null {
  if (!value) return null;
  const at = value.indexOf(BANK_OPTION_SEPARATOR);
  if (at <= 0) return null;
  const name = value.slice(at + BANK_OPTION_SEPARATOR.length);
  return name ? { code: value.slice(0, at), name } : null;
}

const collator = new Intl.Collator('en', { sensitivity: 'base' });

/** A new array sorted by name, case-insensitively (the input is left untouched). */
export function sortBanksByName<T extends Bank>(banks: readonly T[]): T[] {
  return [...banks].sort((a, b) => collator.compare(a.name, b.name));
}
