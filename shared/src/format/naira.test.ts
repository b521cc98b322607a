import { formatKobo, formatNaira, koboToNaira, nairaToKobo } from './naira';

describe('formatNaira (SPEC §9: ₦ with 2 decimals)', () => {
  it('groups thousands and pads to 2 decimals', () => {
    expect(formatNaira(1234.5)).toBe('₦1,234.50');
    expect(formatNaira(1000000)).toBe('₦1,000,000.00');
  });
  it('shows zero as ₦0.00', () => {
    expect(formatNaira(0)).toBe('₦0.00');
  });
  it('puts the minus sign before the naira sign', () => {
    expect(formatNaira(-1234.5)).toBe('-₦1,234.50');
  });
  it('rounds half away from zero without float errors', () => {
    expect(formatNaira(1.005)).toBe('₦1.01');
    expect(formatNaira(2.675)).toBe('₦2.68');
    expect(formatNaira(0.004)).toBe('₦0.00');
    expect(formatNaira(-1.005)).toBe('-₦1.01');
  });
  it('does not show -₦0.00 for a tiny negative', () => {
    expect(formatNaira(-0.001)).toBe('₦0.00');
  });
  it('formats large amounts', () => {
    expect(formatNaira(9999999999.99)).toBe('₦9,999,999,999.99');
  });
  it('accepts the numeric strings the API sends', () => {
    expect(formatNaira('2500')).toBe('₦2,500.00');
    expect(formatNaira('1,234.5')).toBe('₦1,234.50');
  });
  it('shows ₦0.00 for missing or non-numeric values', () => {
    expect(formatNaira(null)).toBe('₦0.00');
    expect(formatNaira(undefined)).toBe('₦0.00');
    expect(formatNaira('abc')).toBe('₦0.00');
    expect(formatNaira(Number.NaN)).toBe('₦0.00');
  });
});

describe('kobo helpers', () => {
  it('formatKobo formats integer kobo exactly', () => {
    expect(formatKobo(123450)).toBe('₦1,234.50');
    expect(formatKobo(5)).toBe('₦0.05');
    expect(formatKobo(-99)).toBe('-₦0.99');
    expect(formatKobo(0)).toBe('₦0.00');
  });
  it('formatKobo handles bigint beyond the safe integer range', () => {
    expect(formatKobo(123456789012345678901n)).toBe('₦1,234,567,890,123,456,789.01');
  });
  it('converts between naira and kobo', () => {
    expect(nairaToKobo(1234.5)).toBe(123450);
    expect(nairaToKobo('0.29')).toBe(29);
    expect(nairaToKobo(-2.5)).toBe(-250);
    expect(koboToNaira(123450)).toBe(1234.5);
  });
});
