import { createHash } from 'node:crypto';

/*
 * The sandbox identity provider's BVN consent page (issue 5 contract 2): what NIBSS iGree shows a
 * customer, served by the middleware in sandbox mode only. No scripts and no external assets; the
 * one inline stylesheet is allowed by its hash, so the CSP can stay `default-src 'none'`.
 */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6f8;color:#1c2430}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
.brand{font-size:.85rem;color:#5b6675;margin:0 0 .5rem}
h1{font-size:1.5rem;margin:0 0 1rem}
form{background:#fff;border-radius:.75rem;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
label{display:block;font-weight:600;margin-bottom:.25rem}
input[type=text]{width:100%;font-size:1.1rem;padding:.65rem .75rem;border:1px solid #b8c1cc;border-radius:.5rem}
.consent{display:flex;gap:.5rem;align-items:flex-start;font-weight:400;margin:1rem 0}
.consent input{width:1.25rem;height:1.25rem;margin:0}
.error{background:#fdecec;color:#8a1c1c;border-radius:.5rem;padding:.6rem .75rem;margin:0 0 1rem}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
button{flex:1;min-height:2.75rem;font-size:1rem;border-radius:.5rem;border:1px solid #0b5cad;cursor:pointer}
.primary{background:#0b5cad;color:#fff}
.secondary{background:#fff;color:#0b5cad}
.hint{font-size:.85rem;color:#5b6675;margin:.25rem 0 0}
`;

const styleHash = createHash('sha256').update(STYLE).digest('base64');

export const CONSENT_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${styleHash}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const CONSENT_TITLE = 'Verify your BVN';
export const CONSENT_BRAND = 'Ajo Wallet sandbox identity provider';
export const CONSENT_LABEL = 'I consent to Ajo Wallet retrieving my BVN details';
export const BVN_FORMAT_MESSAGE = 'Please enter your 11-digit BVN.';
export const CONSENT_REQUIRED_MESSAGE = 'Please tick the box to consent before granting access.';
export const SESSION_GONE_MESSAGE =
  'This verification link has expired or was already used. Please start the BVN verification again.';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function layout(body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${CONSENT_TITLE} | ${CONSENT_BRAND}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">${CONSENT_BRAND}</p>
<h1>${CONSENT_TITLE}</h1>
${body}
</main>
</body>
</html>`;
}

export function renderConsentPage(options: { action: string; error?: string; bvn?: string }) {
  const error = options.error
    ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>`
    : '';
  const bvn = escapeHtml(options.bvn ?? '');
  return layout(`<form method="post" action="${escapeHtml(options.action)}" novalidate>
${error}<label for="bvn">BVN</label>
<input id="bvn" name="bvn" type="text" inputmode="numeric" autocomplete="off" pattern="[0-9]{11}" maxlength="11" value="${bvn}" aria-describedby="bvn-hint">
<p class="hint" id="bvn-hint">11 digits</p>
<label class="consent"><input type="checkbox" name="consent" value="yes"> ${CONSENT_LABEL}</label>
<div class="actions">
<button class="primary" type="submit" name="action" value="grant">Grant access</button>
<button class="secondary" type="submit" name="action" value="cancel">Cancel</button>
</div>
</form>`);
}

export function renderSessionGonePage(): string {
  return layout(`<p class="error" role="alert">${SESSION_GONE_MESSAGE}</p>`);
}
