import fc from 'fast-check';
import { assertPositiveKobo, koboToNaira, nairaToKobo, toKobo } from './kobo.js';
import { LedgerError } from './ledger-error.js';

describe('kobo amounts', () => {
  it('parses naira text with up to two decimals without floating point error', () => {
    expect(nairaToKobo('1,500.5')).toBe(150050);
    expect(nairaToKobo('0.29')).toBe(29);
    expect(nairaToKobo(1.1)).toBe(110);
    expect(nairaToKobo('50000')).toBe(5_000_000);
  });

  it('refuses malformed naira amounts', () => {
    for (const bad of ['', '1.234', '-5', 'abc', '1e5']) {
      expect(() => nairaToKobo(bad)).toThrow(LedgerError);
    }
  });

  it('round-trips kobo through naira text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), (kobo) => {
        expect(nairaToKobo(koboToNaira(kobo))).toBe(kobo);
      }),
    );
  });

  it('accepts only positive safe integers as ledger amounts', () => {
    expect(assertPositiveKobo(1)).toBe(1);
    for (const bad of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1, '100', Number.NaN]) {
      expect(() => assertPositiveKobo(bad)).toThrow(
        expect.objectContaining({ code: 'INVALID_AMOUNT', status: 422 }),
      );
    }
  });

  it('reads int8 values from strings, bigints and numbers and refuses unsafe ones', () => {
    expect(toKobo('-1200')).toBe(-1200);
    expect(toKobo(5n)).toBe(5);
    expect(toKobo(7)).toBe(7);
    expect(() => toKobo('9007199254740993')).toThrow(RangeError);
    expect(() => toKobo('12.5')).toThrow(TypeError);
  });

  it('says what is wrong with a refused amount', () => {
    expect(() => assertPositiveKobo(0)).toThrow(
      'The amount must be a positive whole number of kobo.',
    );
    expect(() => nairaToKobo('1.234')).toThrow(
      expect.objectContaining({
        code: 'INVALID_AMOUNT',
        message: 'Enter an amount in naira with at most 2 decimals.',
      }),
    );
    // 2^53 naira is a whole number of naira, but not of kobo a number can hold.
    expect(() => nairaToKobo('9007199254740993')).toThrow(
      expect.objectContaining({ code: 'INVALID_AMOUNT', message: 'The amount is too large.' }),
    );
    expect(() => toKobo('12.5')).toThrow('Not a kobo amount: 12.5');
    expect(() => toKobo({})).toThrow(TypeError);
    expect(() => toKobo('9007199254740993')).toThrow(
      'Kobo amount out of the safe range: 9007199254740993',
    );
  });

  it('reads naira text with spaces around it, and refuses a number of kobo that is not a number', () => {
    expect(nairaToKobo(' 1,000.50 ')).toBe(100050);
    expect(() => assertPositiveKobo('100')).toThrow(LedgerError);
    expect(() => assertPositiveKobo(10n)).toThrow(LedgerError);
  });

  it('writes negative amounts with a minus sign, and zero without one', () => {
    expect(koboToNaira(-150)).toBe('-1.50');
    expect(koboToNaira(0)).toBe('0.00');
    expect(koboToNaira(5)).toBe('0.05');
  });
});
