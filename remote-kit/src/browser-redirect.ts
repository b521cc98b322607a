// Leaving the app for a page it does not own (SPEC §7: the BVN provider's consent page after GET
// /bvn/start, the card checkout after POST /transfers/bank-to-wallet): a full page load. Routes of the
// app go through navigateAcrossApps instead (./services). Its own module so tests can observe it
// (jsdom cannot navigate).

/** Only http(s) targets: a `javascript:` or `data:` URL from a bad answer must never run. */
export function isSafeRedirect(url: string, origin: string = window.location.origin): boolean {
  try {
    const { protocol } = new URL(url, origin);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Sends the browser to `url`. `replace`: Back from there skips the page that redirected (a screen
 * that only redirects); otherwise Back returns to it (a form the customer filled in).
 */
export function redirectBrowser(
  url: string,
  { replace = false }: { replace?: boolean } = {},
): void {
  if (replace) window.location.replace(url);
  else window.location.assign(url);
}
