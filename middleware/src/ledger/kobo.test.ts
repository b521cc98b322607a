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
});
