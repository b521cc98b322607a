import { FakeClock } from '../test-support/auth-test-kit.js';
import { createUrlSigner, SIGNED_URL_TTL_SECONDS, STABLE_LINK_SECONDS } from './signed-urls.js';

const expiresOf = (query: string) => Number(new URLSearchParams(query).get('expires'));

describe('signed links', () => {
  // 09:00:00 plus 17 s: not at the start of a stretch.
  const clock = new FakeClock(Date.UTC(2026, 0, 15, 9, 0, 17));
  const signer = createUrlSigner('a-jwt-secret-of-enough-length-for-tests', () => clock.now());
  const resource = 'file:users/u-1/images/face.png';

  it('opens for the ttl asked, a new link each second, without a stable stretch', () => {
    const first = signer.sign(resource, SIGNED_URL_TTL_SECONDS);
    expect(expiresOf(first)).toBe(clock.now().getTime() / 1000 + SIGNED_URL_TTL_SECONDS);
    clock.advance(1);
    expect(signer.sign(resource, SIGNED_URL_TTL_SECONDS)).not.toBe(first);
  });

  it('is the same link within a stable stretch, opens at least the ttl, and a new one after', () => {
    const start = new FakeClock(Date.UTC(2026, 0, 15, 10, 0, 0));
    const stable = createUrlSigner('a-jwt-secret-of-enough-length-for-tests', () => start.now());
    start.advance(1);
    const first = stable.sign(resource, SIGNED_URL_TTL_SECONDS, STABLE_LINK_SECONDS);
    const signedAt = start.now().getTime() / 1000;
    // Every link made until the stretch ends (10:05:00 included) is this one: the browser's cache can
    // answer for it.
    for (const seconds of [1, 99, STABLE_LINK_SECONDS - 101]) {
      start.advance(seconds);
      expect(stable.sign(resource, SIGNED_URL_TTL_SECONDS, STABLE_LINK_SECONDS)).toBe(first);
    }
    expect(start.now().toISOString()).toBe('2026-01-15T10:05:00.000Z');
    const expires = expiresOf(first);
    expect(expires % STABLE_LINK_SECONDS).toBe(0);
    expect(expires - signedAt).toBeGreaterThanOrEqual(SIGNED_URL_TTL_SECONDS);
    expect(expires - signedAt).toBeLessThan(SIGNED_URL_TTL_SECONDS + STABLE_LINK_SECONDS);
    expect(
      stable.check(resource, String(expires), new URLSearchParams(first).get('signature')),
    ).toBe('valid');
    // The stretch is over: a new link, which again opens for at least the ttl.
    start.advance(1);
    const next = stable.sign(resource, SIGNED_URL_TTL_SECONDS, STABLE_LINK_SECONDS);
    expect(next).not.toBe(first);
    expect(expiresOf(next) - start.now().getTime() / 1000).toBeGreaterThanOrEqual(
      SIGNED_URL_TTL_SECONDS,
    );
    // Another file's link is never the same link.
    expect(
      stable.sign('file:users/u-2/images/face.png', SIGNED_URL_TTL_SECONDS, STABLE_LINK_SECONDS),
    ).not.toBe(next);
  });

  it('still refuses a stable link once it has expired', () => {
    const query = signer.sign(resource, SIGNED_URL_TTL_SECONDS, STABLE_LINK_SECONDS);
    const params = new URLSearchParams(query);
    const left = expiresOf(query) - clock.now().getTime() / 1000;
    clock.advance(left - 1);
    expect(signer.check(resource, params.get('expires'), params.get('signature'))).toBe('valid');
    clock.advance(1);
    expect(signer.check(resource, params.get('expires'), params.get('signature'))).toBe('expired');
  });
});
