import { formatKobo } from '@ajo/shared/format';
import { createSandboxPage, escapeHtml } from '../sandbox-page.js';

/*
 * The sandbox card checkout page: what a card processor's hosted checkout
 * shows, served by the middleware in sandbox mode only (page shell: providers/sandbox-page.ts).
 */
export const CHECKOUT_BRAND = 'Ajo Wallet sandbox card checkout';
export const CHECKOUT_TITLE = 'Pay with your card';

const page = createSandboxPage({
  brand: CHECKOUT_BRAND,
  title: CHECKOUT_TITLE,
  style: `
.summary{margin:0 0 1rem}
.summary dt{font-size:.85rem;color:#5b6675}
.summary dd{margin:0 0 .5rem;font-weight:600}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;font-size:1.1rem;padding:.65rem .75rem;border:1px solid #b8c1cc;border-radius:.5rem}
.row{display:flex;gap:.75rem}
.row>div{flex:1}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.25rem}
`,
});

export const CHECKOUT_PAGE = page;
const layout = page.render;

export interface CheckoutView {
  action: string;
  amountKobo: number;
  walletAccountNumber: string;
  error?: string;
}

function summary(view: CheckoutView): string {
  return `<dl class="summary">
<dt>Amount</dt><dd>${formatKobo(view.amountKobo)}</dd>
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
<button class="primary" type="submit" name="action" value="pay">Pay ${formatKobo(view.amountKobo)}</button>
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
<button class="primary" type="submit" name="action" value="otp">Pay ${formatKobo(view.amountKobo)}</button>
${cancelButton}
</div>
</form>`);
}

/** Unknown, expired or cancelled session: nothing to pay. */
export function renderMessagePage(message: string): string {
  return layout(`<p class="error" role="alert">${escapeHtml(message)}</p>
<p><a href="/dashboard">Back to dashboard</a></p>`);
}
