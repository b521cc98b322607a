// Async boundary (docs/architecture.md "Known traps"): shared singletons are negotiated before any
// app code runs.
declare let __webpack_nonce__: string | undefined;

// The app server puts the per-response CSP nonce in a meta tag; webpack stamps it on the script and
// style tags it inserts ('strict-dynamic' trusts them anyway; this covers style-src).
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce) __webpack_nonce__ = nonce;

// The build finds this import by its request for the page's preload hints (host/webpack.config.cjs).
void import('./bootstrap');
