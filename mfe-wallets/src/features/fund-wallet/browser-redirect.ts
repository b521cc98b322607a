// SPEC §7: POST /transfers/bank-to-wallet answers a checkout link "and the browser is redirected to
// it" — a full page load (the checkout page belongs to the payment provider). Its own module so tests
// can observe it (jsdom cannot navigate).

/** Only http(s) targets: a `javascript:` or `data:` URL from a bad answer must never run. */
export function isSafeRedirect(url: string, origin: string = window.location.origin): boolean {
  try {
    const { protocol } = new URL(url, origin);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** assign(): Back from the checkout page returns to the funding form. */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
