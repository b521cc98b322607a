import type { FastifyInstance, FastifyReply } from 'fastify';
import { createHash } from 'node:crypto';

/*
 * The shell of the pages the sandbox providers serve themselves (the identity provider's BVN consent
 * page, the card processor's hosted checkout): no scripts and no external assets; the one inline
 * stylesheet is allowed by its hash, so the CSP stays `default-src 'none'`.
 */
const BASE_STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6f8;color:#1c2430}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
.brand{font-size:.85rem;color:#5b6675;margin:0 0 .5rem}
h1{font-size:1.5rem;margin:0 0 1rem}
form{background:#fff;border-radius:.75rem;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.error{background:#fdecec;color:#8a1c1c;border-radius:.5rem;padding:.6rem .75rem;margin:0 0 1rem}
button{flex:1;min-height:2.75rem;font-size:1rem;border-radius:.5rem;border:1px solid #0b5cad;cursor:pointer}
.primary{background:#0b5cad;color:#fff}
.secondary{background:#fff;color:#0b5cad}
.hint{font-size:.85rem;color:#5b6675;margin:.25rem 0 0}
`;

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export interface SandboxPage {
  /** The Content-Security-Policy header to send with every render. */
  csp: string;
  /** A whole HTML document around `body` (trusted markup: escape what goes into it). */
  render(body: string): string;
}

/** A sandbox provider's page: its brand line and title over the shared look plus its own rules. */
export function createSandboxPage(options: {
  brand: string;
  title: string;
  style: string;
}): SandboxPage {
  const style = BASE_STYLE + options.style;
  const styleHash = createHash('sha256').update(style).digest('base64');
  const csp = [
    "default-src 'none'",
    `style-src 'sha256-${styleHash}'`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  const title = escapeHtml(options.title);
  const brand = escapeHtml(options.brand);
  return {
    csp,
    render: (body) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} | ${brand}</title>
<style>${style}</style>
</head>
<body>
<main>
<p class="brand">${brand}</p>
<h1>${title}</h1>
${body}
</main>
</body>
</html>`,
  };
}

/**
 * What a sandbox page route needs around its HTML: form posts parsed (urlencoded, in the calling
 * plugin's scope only) and a `send` that adds the page's CSP and the no-sniff, no-referrer,
 * no-store headers.
 */
export function servePages(app: FastifyInstance, page: SandboxPage) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  return (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', page.csp)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store')
      .send(html);
}
