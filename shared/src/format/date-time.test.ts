import { formatDateTime } from './date-time';

describe('formatDateTime', () => {
  it('dates in Lagos time (UTC+1), day, month, year, hours and minutes', () => {
    const text = formatDateTime('2026-11-27T23:30:00.000Z');
    expect(text).toMatch(/28/);
    expect(text).toMatch(/Nov/);
    expect(text).toMatch(/2026/);
    expect(text).toMatch(/00:30|12:30/);
  });
});

describe('formatDateTime on a text that is not a date', () => {
  it('shows the text as it came rather than "Invalid Date"', () => {
    expect(formatDateTime('yesterday')).toBe('yesterday');
  });
});
