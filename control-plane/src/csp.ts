// docs/architecture.md "Security habits": a CSP with a per-response nonce and 'strict-dynamic'
// (federated chunks load without 'unsafe-inline'), object-src 'none', base-uri 'none',
// frame-ancestors 'none'.
import { randomBytes } from 'node:crypto';

export function createNonce() {
  // Hex: safe unquoted in the minified index.html and valid in a CSP nonce source.
  return randomBytes(16).toString('hex');
}

export function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** Puts the nonce in the meta tag the runtime reads and on every script tag of index.html. */
export function injectNonce(html: string, nonce: string) {
  return html
    .replaceAll('__CSP_NONCE__', nonce)
    .replace(/<script(?=[\s>])/g, `<script nonce="${nonce}"`);
}
