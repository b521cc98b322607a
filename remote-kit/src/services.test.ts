import { api, bus, crossAppNavigations, resetHost, toasts } from './testing';
import {
  errorMessage,
  errorStatus,
  isUnexpectedResponse,
  navigateAcrossApps,
  parseResponse,
  showToast,
} from './services';

jest.mock('./host', () => jest.requireActual('./testing').hostModule);

beforeEach(() => resetHost());

const schema = {
  safeParse(data: unknown) {
    return typeof data === 'object' && data !== null && 'link' in data
      ? ({ success: true, data: data as { link: string } } as const)
      : ({ success: false } as const);
  },
};

describe('remote services', () => {
  it('shows a toast through the host bus', async () => {
    await showToast('error', 'Error getting user');
    expect(toasts()).toEqual([['error', 'Error getting user']]);
  });

  it("goes to another app's route with a navigate event, never by loading a page", async () => {
    await navigateAcrossApps('/login');
    expect(crossAppNavigations()).toEqual(['/login']);
    expect(bus.emit).toHaveBeenCalledWith({ type: 'navigate', to: '/login' });
    expect(api.get).not.toHaveBeenCalled();
  });

  it.each([
    [
      'the server message',
      { status: 409, serverMessage: 'BVN already verified' },
      'BVN already verified',
    ],
    ['the fallback without one', { status: 0, message: 'Network Error' }, 'Fallback'],
    ['the fallback for a blank one', { status: 500, serverMessage: '  ' }, 'Fallback'],
    ['the fallback for anything else', 'boom', 'Fallback'],
    [
      'the fallback for a raw Unauthorized',
      { status: 401, serverMessage: 'Unauthorized' },
      'Fallback',
    ],
    ['the fallback for a raw Forbidden', { status: 403, serverMessage: 'Forbidden' }, 'Fallback'],
    [
      'the fallback for a proxy status word',
      { status: 502, serverMessage: 'Bad Gateway' },
      'Fallback',
    ],
  ])('errorMessage gives %s (SPEC §8)', (_name, error, expected) => {
    expect(errorMessage(error, 'Fallback')).toBe(expected);
  });

  it('errorStatus reads the status of a rejected call, when there is one', () => {
    expect(errorStatus({ status: 401 })).toBe(401);
    expect(errorStatus({ status: '401' })).toBeUndefined();
    expect(errorStatus(new Error('x'))).toBeUndefined();
  });

  it('parseResponse answers the parsed body', () => {
    expect(parseResponse(schema, { link: 'https://pay.example/1' })).toEqual({
      link: 'https://pay.example/1',
    });
  });

  it('parseResponse rejects a body that does not parse like a call with no server message', () => {
    let caught: unknown;
    try {
      parseResponse(schema, { url: 'x' });
    } catch (error) {
      caught = error;
    }
    expect(isUnexpectedResponse(caught)).toBe(true);
    expect(errorMessage(caught, 'An error occured')).toBe('An error occured');
    expect(isUnexpectedResponse({ status: 500 })).toBe(false);
  });
});
