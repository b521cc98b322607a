// docs/domain.md "Bank accounts (NUBAN)": revised CBN standard (2020).
const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];

/** 3-digit codes are padded '000'+code; 5-digit codes become '9'+code. */
function sixDigitBankCode(bankCode: string): string {
  if (/^\d{3}$/.test(bankCode)) return `000${bankCode}`;
  if (/^\d{5}$/.test(bankCode)) return `9${bankCode}`;
  if (/^\d{6}$/.test(bankCode)) return bankCode;
  throw new Error(`Unsupported bank code ${bankCode}`);
}

export function nubanCheckDigit(bankCode: string, serial: string): number {
  const digits = `${sixDigitBankCode(bankCode)}${serial}`;
  const sum = [...digits].reduce((s, d, i) => s + Number(d) * (WEIGHTS[i] ?? 0), 0);
  return (10 - (sum % 10)) % 10;
}

export function isValidNuban(bankCode: string, accountNumber: string): boolean {
  if (!/^\d{10}$/.test(accountNumber)) return false;
  return nubanCheckDigit(bankCode, accountNumber.slice(0, 9)) === Number(accountNumber[9]);
}

export const makeNuban = (bankCode: string, serial: string) =>
  `${serial}${nubanCheckDigit(bankCode, serial)}`;
