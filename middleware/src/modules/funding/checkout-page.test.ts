import { createLedger } from '../../ledger/index.js';
import { FakeClock } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { CheckoutService } from './checkout-service.js';
import {
  balanceKobo,
  CARDS,
  createCustomer,
  payWith,
  postCheckout,
  setWalletStatus,
  startCheckout,
  type Customer,
} from './funding-test-kit.js';

let t: TestApp;
let ada: Customer;
const clock = new FakeClock();

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  ada = await createCustomer(t);
});
afterAll(() => t.close());

const AMOUNT = { transfer_amount: 2500.5 };
const KOBO = 250_050;
const idOf = (link: string) => link.split('/').pop() ?? '';
const callback = (link: string) => t.app.inject({ method: 'POST', url: `${link}/callback` });
const fundingEntries = async (wallet: string, reference: string) =>
  (await createLedger(t.database.db).listEntries(wallet, { limit: 100 })).filter(
    (e) => e.reference === reference,
  );

describe('sandbox card checkout page', () => {
  it('shows the amount, the wallet, the card fields and the buttons under a strict CSP', async () => {
    const link = await startCheckout(t, ada, AMOUNT);
    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(page.headers['content-security-policy']).not.toMatch(/script-src/);
    for (const text of [
      'Ajo Wallet sandbox card checkout',
      '₦2,500.50',
      ada.main,
      'Card number',
      'Expiry (MM/YY)',
      'CVV',
      'Pay ₦2,500.50',
      'Cancel',
      'name="viewport"',
    ]) {
      expect(page.body).toContain(text);
    }
    expect(page.body).not.toContain('<script');
  });

  it('credits the wallet once with the success card and redirects to the dashboard', async () => {
    const link = await startCheckout(t, ada, AMOUNT);
    const before = await balanceKobo(t, ada.main);
    const res = await postCheckout(t, link, payWith(CARDS.success));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/dashboard?funding=success&reference=${idOf(link)}`);
    expect(await balanceKobo(t, ada.main)).toBe(before + KOBO);
    const [entry] = await fundingEntries(ada.main, idOf(link));
    expect(entry).toMatchObject({ transactionType: 'funding', amountKobo: KOBO });

    // Repeating the page POST, reloading it and the webhook never credit again.
    expect((await postCheckout(t, link, payWith(CARDS.success))).statusCode).toBe(303);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(303);
    for (let i = 0; i < 3; i++) {
      const hook = await callback(link);
      expect(hook.statusCode).toBe(200);
      expect(hook.json()).toMatchObject({ status: 'paid', replayed: true });
    }
    expect(await balanceKobo(t, ada.main)).toBe(before + KOBO);
    expect(await fundingEntries(ada.main, idOf(link))).toHaveLength(1);
  });

  it('credits exactly once when the page is posted concurrently', async () => {
    const link = await startCheckout(t, ada, AMOUNT);
    const before = await balanceKobo(t, ada.main);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 ? postCheckout(t, link, payWith(CARDS.success)) : callback(link),
      ),
    );
    expect(answers.every((a) => a.statusCode === 303 || a.statusCode === 200)).toBe(true);
    expect(await balanceKobo(t, ada.main)).toBe(before + KOBO);
    expect(await fundingEntries(ada.main, idOf(link))).toHaveLength(1);
  });

  it('credits once when only the webhook arrives, however often', async () => {
    const link = await startCheckout(t, ada, AMOUNT);
    const before = await balanceKobo(t, ada.main);
    const answers = await Promise.all([callback(link), callback(link), callback(link)]);
    expect(answers.map((a) => a.json().replayed).sort()).toEqual([false, true, true]);
    expect(await balanceKobo(t, ada.main)).toBe(before + KOBO);
  });

  it('shows a declined card, moves nothing, and can be retried with another card', async () => {
    const link = await startCheckout(t, ada, AMOUNT);
    const before = await balanceKobo(t, ada.main);
    const declined = await postCheckout(t, link, payWith(CARDS.declined));
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    expect(await balanceKobo(t, ada.main)).toBe(before);
    expect((await postCheckout(t, link, payWith(CARDS.success))).statusCode).toBe(303);
    expect(await balanceKobo(t, ada.main)).toBe(before + KOBO);
  });

  it('asks for an OTP for the OTP card, refuses a wrong one and pays with 123456', async () => {
    const link = await startCheckout(t, ada, AMOUNT);
    const before = await balanceKobo(t, ada.main);
    const step2 = await postCheckout(t, link, payWith(CARDS.otp));
    expect(step2.statusCode).toBe(200);
    expect(step2.body).toContain('>OTP</label>');
    expect((await t.app.inject({ method: 'GET', url: link })).body).toContain('>OTP</label>');
    const wrong = await postCheckout(t, link, { action: 'otp', otp: '654321' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('The OTP is incorrect.');
    expect(await balanceKobo(t, ada.main)).toBe(before);
    const right = await postCheckout(t, link, { action: 'otp', otp: '123456' });
    expect(right.statusCode).toBe(303);
    expect(await balanceKobo(t, ada.main)).toBe(before + KOBO);
  });

  it('cancels without moving money and refuses to pay afterwards', async () => {
    const link = await startCheckout(t, ada, AMOUNT);
    const before = await balanceKobo(t, ada.main);
    const cancel = await postCheckout(t, link, { action: 'cancel' });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe('/dashboard?funding=cancelled');
    expect((await postCheckout(t, link, payWith(CARDS.success))).statusCode).toBe(410);
    expect((await callback(link)).statusCode).toBe(409);
    expect(await balanceKobo(t, ada.main)).toBe(before);
  });

  it('expires after 30 minutes and moves nothing', async () => {
    const link = await startCheckout(t, ada, AMOUNT);
    const before = await balanceKobo(t, ada.main);
    clock.advance(30 * 60);
    const page = await postCheckout(t, link, payWith(CARDS.success));
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This checkout has expired.');
    expect((await callback(link)).statusCode).toBe(410);
    expect(await balanceKobo(t, ada.main)).toBe(before);
  });

  it('refuses to credit a wallet blocked after the session started, then pays once unblocked', async () => {
    const bola = await createCustomer(t);
    const link = await startCheckout(t, bola, AMOUNT);
    await setWalletStatus(t, bola.main, 'blocked');
    const refused = await postCheckout(t, link, payWith(CARDS.success));
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('This wallet is blocked.');
    expect(await balanceKobo(t, bola.main)).toBe(0);
    const session = await t.database.db
      .selectFrom('checkout_sessions')
      .select('status')
      .where('id', '=', idOf(link))
      .executeTakeFirstOrThrow();
    expect(session.status).toBe('pending');
    await setWalletStatus(t, bola.main, 'active');
    expect((await callback(link)).statusCode).toBe(200);
    expect(await balanceKobo(t, bola.main)).toBe(KOBO);
  });

  it('loses nothing and doubles nothing when it fails between marking paid and crediting', async () => {
    const link = await startCheckout(t, ada, AMOUNT);
    const before = await balanceKobo(t, ada.main);
    const crashing = new CheckoutService({
      db: t.database.db,
      clock,
      afterMarkPaid: async () => {
        throw new Error('process died');
      },
    });
    await expect(crashing.complete(idOf(link))).rejects.toThrow('process died');
    expect((await crashing.find(idOf(link)))?.status).toBe('pending');
    expect(await balanceKobo(t, ada.main)).toBe(before);
    // The retry (webhook or page) credits exactly once.
    expect((await callback(link)).json()).toMatchObject({ replayed: false });
    expect((await callback(link)).json()).toMatchObject({ replayed: true });
    expect(await balanceKobo(t, ada.main)).toBe(before + KOBO);
    expect((await createLedger(t.database.db).reconcile()).mismatches).toEqual([]);
  });

  it('answers 404 for an unknown session', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/sandbox/checkout/00000000-0000-4000-8000-000000000000',
    });
    expect(page.statusCode).toBe(404);
    expect((await callback('/api/sandbox/checkout/not-a-uuid')).statusCode).toBe(404);
  });
});
