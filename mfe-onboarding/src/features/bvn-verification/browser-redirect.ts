// SPEC §7: "GET /bvn/start … 200 with redirectUrl causes a browser redirect" — a full page load,
// since the provider's consent page is not part of this app. Kept in its own module so tests can
// observe it (jsdom cannot navigate).

/** Only http(s) targets: a `javascript:` or `data:` URL from a bad answer must never run. */
export function isSafeRedirect(url: string, origin: string = window.location.origin): boolean {
  try {
    const { protocol } = new URL(url, origin);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** replace(), not assign(): Back from the consent page returns to /verify, not into this redirect. */
export function redirectBrowser(url: string): void {
  window.location.replace(url);
}
