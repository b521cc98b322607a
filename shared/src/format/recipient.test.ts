import { maskRecipient } from './recipient';

describe('maskRecipient (SPEC §9)', () => {
  it('keeps the first 4 and last 4 characters of a phone number', () => {
    expect(maskRecipient('2348012345678')).toBe('2348*****5678');
    expect(maskRecipient('08012345678')).toBe('0801***5678');
  });
  it('keeps the first 2 characters of an e-mail local part and the domain', () => {
    expect(maskRecipient('adaobi@example.com')).toBe('ad****@example.com');
  });
  it('still masks a very short local part', () => {
    expect(maskRecipient('a@example.com')).toBe('a*@example.com');
  });
  it('never shows a short phone number whole', () => {
    expect(maskRecipient('12345678')).toBe('******78');
  });
  it('returns an empty string for nothing', () => {
    expect(maskRecipient('')).toBe('');
    expect(maskRecipient(null)).toBe('');
  });
});
