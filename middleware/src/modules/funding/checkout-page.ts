import { createHash } from 'node:crypto';

/*
 * The sandbox card checkout page (issue 6 contract 5): what a card processor's hosted checkout
 * shows, served by the middleware in sandbox mode only. No scripts and no external assets; the one
 * inline stylesheet is allowed by its hash, so the CSP stays `default-src 'none'`.
 */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6f8;color:#1c2430}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
.brand{font-size:.85rem;color:#5b6675;margin:0 0 .5rem}
h1{font-size:1.5rem;margin:0 0 1rem}
.summary{margin:0 0 1rem}
.summary dt{font-size:.85rem;color:#5b6675}
.summary dd{margin:0 0 .5rem;font-weight:600}
form{background:#fff;border-radius:.75rem;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;font-size:1.1rem;padding:.65rem .75rem;border:1px solid #b8c1cc;border-radius:.5rem}
.row{display:flex;gap:.75rem}
.row>div{flex:1}
.error{background:#fdecec;color:#8a1c1c;border-radius:.5rem;padding:.6rem .75rem;margin:0 0 1rem}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.25rem}
button{flex:1;min-height:2.75rem;font-size:1rem;border-radius:.5rem;border:1px solid #0b5cad;cursor:pointer}
.primary{background:#0b5cad;color:#fff}
.secondary{background:#fff;color:#0b5cad}
.hint{font-size:.85rem;color:#5b6675;margin:.25rem 0 0}
`;

const styleHash = createHash('sha256').update(STYLE).digest('base64');

export const CHECKOUT_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${styleHash}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const CHECKOUT_BRAND = 'Ajo Wallet sandbox card checkout';
export const CHECKOUT_TITLE = 'Pay with your card';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** ₦1,234.50 from kobo (the button reads 'Pay ₦X'). */
export function formatNaira(kobo: number): string {
  const naira = Math.floor(kobo / 100).toLocaleString('en-NG');
  return `₦${naira}.${String(kobo % 100).padStart(2, '0')}`;
}

function layout(body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${CHECKOUT_TITLE} | ${CHECKOUT_BRAND}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">${CHECKOUT_BRAND}</p>
<h1>${CHECKOUT_TITLE}</h1>
${body}
</main>
</body>
</html>`;
}

export interface CheckoutView {
  action: string;
  amountKobo: number;
  walletAccountNumber: string;
  error?: string;
}

function summary(view: CheckoutView): string {
  return `<dl class="summary">
<dt>Amount</dt><dd>${formatNaira(view.amountKobo)}</dd>
<dt>Wallet</dt><dd>${escapeHtml(view.walletAccountNumber)}</dd>
</dl>`;
}

const errorBox = (error?: string) =>
  error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';

const cancelButton = `<button class="secondary" type="submit" name="action" value="cancel" formnovalidate>Cancel</button>`;

/** Step 1: the card form. Card details are never echoed back or stored. */
export function renderCardPage(view: CheckoutView): string {
  return layout(`${summary(view)}<form method="post" action="${escapeHtml(view.action)}">
${errorBox(view.error)}<label for="card_number">Card number</label>
<input id="card_number" name="card_number" type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23" required>
<div class="row">
<div><label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="5" placeholder="MM/YY" required></div>
<div><label for="cvv">CVV</label>
<input id="cvv" name="cvv" type="password" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required></div>
</div>
<div class="actions">
<button class="primary" type="submit" name="action" value="pay">Pay ${formatNaira(view.amountKobo)}</button>
${cancelButton}
</div>
</form>`);
}

/** Step 2 for cards that ask for one: the OTP. */
export function renderOtpPage(view: CheckoutView): string {
  return layout(`${summary(view)}<form method="post" action="${escapeHtml(view.action)}">
${errorBox(view.error)}<label for="otp">OTP</label>
<input id="otp" name="otp" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required aria-describedby="otp-hint">
<p class="hint" id="otp-hint">Enter the code your bank sent you.</p>
<div class="actions">
<button class="primary" type="submit" name="action" value="otp">Pay ${formatNaira(view.amountKobo)}</button>
${cancelButton}
</div>
</form>`);
}

/** Unknown, expired or cancelled session: nothing to pay. */
export function renderMessagePage(message: string): string {
  return layout(`<p class="error" role="alert">${escapeHtml(message)}</p>
<p><a href="/dashboard">Back to dashboard</a></p>`);
}
