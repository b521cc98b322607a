import { maskDate, maskName } from './masking.js';

describe('masking of NIN holder details', () => {
  it('keeps only the first letter of a name', () => {
    expect(maskName('Adaeze')).toBe('A*****');
    expect(maskName('Eze')).toBe('E**');
    expect(maskName('O')).toBe('O*');
  });

  it('keeps the century and the day of a date of birth', () => {
    expect(maskDate('1994-03-14')).toBe('19**-**-14');
    expect(maskDate('not a date')).toBe('****-**-**');
  });
});
