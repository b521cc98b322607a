import { storePlatform } from './device';

// SPEC §2 referral landing: Android to the Android store, iPhone or iPad to the Apple listing, any
// other device stays on the page.
describe('storePlatform', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 Chrome/120 Mobile',
      0,
      'android',
    ],
    [
      'Mozilla/5.0 (Linux; Android 12; Tab) AppleWebKit/537.36 Chrome/120 Safari/537.36',
      5,
      'android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile',
      5,
      'ios',
    ],
    ['Mozilla/5.0 (iPad; CPU OS 15_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 5, 'ios'],
    // iPadOS 13+ asks for the desktop site: a Mac that has a touch screen.
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15',
      5,
      'ios',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15',
      0,
      null,
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36',
      0,
      null,
    ],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36', 0, null],
  ])('%s with %i touch points goes to %s', (userAgent, touchPoints, expected) => {
    expect(storePlatform(userAgent, touchPoints)).toBe(expected);
  });
});
