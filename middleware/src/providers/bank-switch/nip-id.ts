import { randomInt } from 'node:crypto';

/**
 * A NIP transaction or session id (docs/domain.md "Bank switch"): the 6-digit institution code, the
 * time as YYMMDDHHMMSS (UTC) and 12 random digits, 30 digits in all.
 */
export function nipId(institutionCode: string, at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${p(at.getUTCFullYear() % 100)}${p(at.getUTCMonth() + 1)}${p(at.getUTCDate())}${p(at.getUTCHours())}${p(at.getUTCMinutes())}${p(at.getUTCSeconds())}`;
  const tail = Array.from({ length: 12 }, () => randomInt(10)).join('');
  return `${institutionCode}${stamp}${tail}`; // 6 + 12 + 12 = 30 digits
}
