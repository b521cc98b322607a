import { act, renderHook } from '@testing-library/react';
import { formatMinutesSeconds, useCountdown } from './use-countdown';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

describe('useCountdown', () => {
  it('counts down once a second and stops at 0', () => {
    const { result } = renderHook(() => useCountdown(3));
    expect(result.current.remaining).toBe(3);
    advance(1000);
    expect(result.current.remaining).toBe(2);
    advance(2000);
    expect(result.current.remaining).toBe(0);
    advance(5000);
    expect(result.current.remaining).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('restarts from the full length', () => {
    const { result } = renderHook(() => useCountdown(180));
    advance(180_000);
    expect(result.current.remaining).toBe(0);
    act(() => result.current.restart());
    expect(result.current.remaining).toBe(180);
    advance(1000);
    expect(result.current.remaining).toBe(179);
  });

  it('carries on from a start in the past (a countdown begun before a reload)', () => {
    const { result } = renderHook(() => useCountdown(180, Date.now() - 100_000));
    expect(result.current.remaining).toBe(80);
  });

  it('reads the clock, not the number of ticks, when timers are throttled', () => {
    const { result } = renderHook(() => useCountdown(180));
    act(() => {
      jest.setSystemTime(Date.now() + 100_000);
      jest.advanceTimersByTime(1000);
    });
    expect(result.current.remaining).toBe(79);
  });
});

describe('formatMinutesSeconds', () => {
  it.each([
    [180, '3:00'],
    [59, '0:59'],
    [61, '1:01'],
    [0, '0:00'],
  ])('%i s reads %s', (seconds, text) => {
    expect(formatMinutesSeconds(seconds)).toBe(text);
  });
});
