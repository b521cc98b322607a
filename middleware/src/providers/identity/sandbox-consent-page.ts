import { createSandboxPage, escapeHtml } from '../sandbox-page.js';

/*
 * The sandbox identity provider's BVN consent page: what NIBSS iGree shows a
 * customer, served by the middleware in sandbox mode only (page shell: providers/sandbox-page.ts).
 */
export const CONSENT_TITLE = 'Verify your BVN';
export const CONSENT_BRAND = 'Ajo Wallet sandbox identity provider';
export const CONSENT_LABEL = 'I consent to Ajo Wallet retrieving my BVN details';
export const BVN_FORMAT_MESSAGE = 'Please enter your 11-digit BVN.';
export const CONSENT_REQUIRED_MESSAGE = 'Please tick the box to consent before granting access.';
export const SESSION_GONE_MESSAGE =
  'This verification link has expired or was already used. Please start the BVN verification again.';

const page = createSandboxPage({
  brand: CONSENT_BRAND,
  title: CONSENT_TITLE,
  style: `
label{display:block;font-weight:600;margin-bottom:.25rem}
input[type=text]{width:100%;font-size:1.1rem;padding:.65rem .75rem;border:1px solid #b8c1cc;border-radius:.5rem}
.consent{display:flex;gap:.5rem;align-items:flex-start;font-weight:400;margin:1rem 0}
.consent input{width:1.25rem;height:1.25rem;margin:0}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
`,
});

export const CONSENT_PAGE = page;
const layout = page.render;

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
