import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { UNSUPPORTED_TEXT } from './text-guard.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

const inbound = (sender_name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sandbox/inbound-transfer',
    payload: { account_number: '0000000000', amount: 100, sender_name, sender_bank: 'GTBank' },
  });

describe('text the database cannot store', () => {
  it.each([
    ['a NUL byte', 'Ada\u0000Obi'],
    ['a lone high surrogate', 'Ada \ud800'],
    ['a lone low surrogate', '\udc00Ada'],
  ])('refuses %s anywhere in a body with a 400 {message}, before any work', async (_, name) => {
    const res = await inbound(name);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: UNSUPPORTED_TEXT });
  });

  it('refuses it in a query and in a path parameter', async () => {
    const query = await t.app.inject({ url: '/api/sandbox/outbox?recipient=%00' });
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toBe(UNSUPPORTED_TEXT);
    const param = await t.app.inject({ url: '/api/payments/transactions/ab%00cd' });
    expect(param.statusCode).toBe(400);
    expect(param.json().message).toBe(UNSUPPORTED_TEXT);
  });

  it('lets whole emoji and other well-formed text through to the route', async () => {
    const res = await inbound('Adá 💸 Obi');
    expect(res.json().message).not.toBe(UNSUPPORTED_TEXT);
  });
});
