import { act, renderHook } from '@testing-library/react';
import { useFlashMessage } from './use-flash-message';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('useFlashMessage', () => {
  it('shows a message for the given duration only', () => {
    const { result } = renderHook(() => useFlashMessage(5000));
    act(() => result.current.flash({ kind: 'success', text: 'Done' }));
    expect(result.current.message).toEqual({ kind: 'success', text: 'Done' });
    act(() => jest.advanceTimersByTime(4999));
    expect(result.current.message).not.toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.message).toBeNull();
  });

  it('gives a new message its own full duration', () => {
    const { result } = renderHook(() => useFlashMessage(5000));
    act(() => result.current.flash({ kind: 'error', text: 'First' }));
    act(() => jest.advanceTimersByTime(4000));
    act(() => result.current.flash({ kind: 'error', text: 'Second' }));
    act(() => jest.advanceTimersByTime(4000));
    expect(result.current.message?.text).toBe('Second');
    act(() => jest.advanceTimersByTime(1000));
    expect(result.current.message).toBeNull();
  });

  it('dismisses at once and leaves no timer behind on unmount', () => {
    const { result, unmount } = renderHook(() => useFlashMessage(5000));
    act(() => result.current.flash({ kind: 'error', text: 'Oops' }));
    act(() => result.current.dismiss());
    expect(result.current.message).toBeNull();
    act(() => result.current.flash({ kind: 'error', text: 'Again' }));
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});
