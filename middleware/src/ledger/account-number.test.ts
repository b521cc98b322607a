import fc from 'fast-check';
import {
  generateAccountNumber,
  isValidNuban,
  nubanBankCode,
  nubanCheckDigit,
} from './account-number.js';

describe('NUBAN account numbers', () => {
  it('computes the check digits of the CBN examples', () => {
    expect(nubanCheckDigit('058', '012345678')).toBe(5); // GTBank 0123456785
    expect(nubanCheckDigit('011', '000001457')).toBe(9); // First Bank 0000014579
    expect(isValidNuban('058', '0123456785')).toBe(true);
    expect(isValidNuban('058', '0123456784')).toBe(false);
  });

  it('pads 3-digit codes with 000 and prefixes 5-digit codes with 9', () => {
    expect(nubanBankCode('058')).toBe('000058');
    expect(nubanBankCode('50211')).toBe('950211');
    expect(nubanBankCode('090267')).toBe('090267');
    expect(() => nubanBankCode('12')).toThrow(RangeError);
  });

  it('reads codes, serials and numbers whole: a digit more or a character around them is refused', () => {
    for (const code of ['1234567', 'x058', '058x', '0580']) {
      expect(() => nubanBankCode(code)).toThrow(
        `Institution code must be 3, 5 or 6 digits, got '${code}'`,
      );
    }
    for (const serial of ['0123456789', '1012345678', 'x12345678', '12345678x', '12345678']) {
      expect(() => nubanCheckDigit('058', serial)).toThrow(
        `NUBAN serial must be 9 digits, got '${serial}'`,
      );
    }
    for (const number of ['10123456785', '01234567851', 'x012345678', '012345678x', '012345678']) {
      expect(isValidNuban('058', number)).toBe(false);
    }
  });

  it('generates 10-digit numbers with a valid check digit from the random serial', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (serial) => {
        const number = generateAccountNumber('51999', () => serial);
        expect(number).toMatch(/^\d{10}$/);
        expect(number.slice(0, 9)).toBe(String(serial).padStart(9, '0'));
        expect(isValidNuban('51999', number)).toBe(true);
      }),
    );
  });

  it('draws serials at random, not in sequence', () => {
    const numbers = Array.from({ length: 200 }, () => generateAccountNumber('51999'));
    expect(new Set(numbers).size).toBe(200);
    const serials = numbers.map((n) => Number(n.slice(0, 9)));
    const consecutive = serials.slice(1).filter((s, i) => Math.abs(s - (serials[i] ?? 0)) <= 1);
    expect(consecutive).toHaveLength(0);
  });

  it('rejects anything but 10 digits', () => {
    expect(isValidNuban('058', '012345678')).toBe(false);
    expect(isValidNuban('058', '01234567a5')).toBe(false);
  });
});
