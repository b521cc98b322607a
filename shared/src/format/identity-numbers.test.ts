import { maskBvn } from './identity-numbers';

describe('maskBvn', () => {
  it('keeps the first 3 and last 2 digits of the 11', () => {
    expect(maskBvn('22212345678')).toBe('222******78');
  });
  it('hides a number too short to mask partly', () => {
    expect(maskBvn('12345')).toBe('*****');
    expect(maskBvn('')).toBe('');
  });
});
