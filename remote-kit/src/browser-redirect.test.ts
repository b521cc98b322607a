import { isSafeRedirect } from './browser-redirect';

describe('isSafeRedirect', () => {
  it.each([
    ['https://checkout.example/pay/1', true],
    ['http://127.0.0.1:3000/api/sandbox/identity/bvn-consent/s-1', true],
    ['/api/sandbox/checkout/s-1', true],
    ['javascript:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['JaVaScRiPt:alert(1)', false],
    ['http://[bad', false],
  ])('%s -> %s', (url, safe) => {
    expect(isSafeRedirect(url, 'http://localhost')).toBe(safe);
  });
});
