import { beneficiariesResponseSchema, savedBeneficiaryResponseSchema } from '@ajo/shared/schemas';
import { expectParses } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { ACCOUNTS, createCustomer, sandboxAccount, type Customer } from './transfers-test-kit.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bankBeneficiary = (owner: Customer) => {
  const account = sandboxAccount(ACCOUNTS.succeeds);
  return {
    name: account.accountName,
    recipient_account_number: account.accountNumber,
    account_number: owner.main,
    account_type: 'bank',
    bank_code: account.bankCode,
    bank_image: null,
  };
};

const save = (user: Customer, body: Record<string, unknown>, recipient?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/beneficiaries/${recipient ?? String(body.recipient_account_number)}`,
    headers: user.auth,
    payload: body,
  });

const list = (user: Customer, wallet = user.main) =>
  t.app.inject({ method: 'GET', url: `/api/beneficiaries/${wallet}`, headers: user.auth });

const remove = (user: Customer, id: unknown) =>
  t.app.inject({ method: 'DELETE', url: `/api/beneficiaries/${String(id)}`, headers: user.auth });

describe('beneficiaries (SPEC §7)', () => {
  it('saves a bank and a wallet beneficiary on the wallet, lists them, deletes one', async () => {
    const ada = await createCustomer(t);
    const bola = await createCustomer(t);
    const saved = await save(ada, bankBeneficiary(ada));
    expect(saved.statusCode).toBe(200);
    expectParses(savedBeneficiaryResponseSchema, saved.json());
    expect(saved.json().message).toBe('Beneficiary Saved Successfully!');
    const wallet = {
      name: 'Bola Ige',
      recipient_account_number: bola.main,
      account_number: ada.main,
      account_type: 'wallet',
      bank_code: null,
      bank_image: null,
    };
    expect((await save(ada, wallet)).statusCode).toBe(200);

    const listed = await list(ada);
    expectParses(beneficiariesResponseSchema, listed.json());
    const data = listed.json().data as Array<Record<string, unknown>>;
    expect(data.map((b) => [b.name, b.bank_code])).toEqual([
      ['ADAEZE OKONKWO', '058'],
      ['Bola Ige', null],
    ]);

    const deleted = await remove(ada, data[0]?.id);
    expect(deleted.json()).toEqual({ message: 'Beneficiary deleted successfully!' });
    expect((await list(ada)).json().data).toHaveLength(1);
  });

  it('answers 409 with the SPEC save error for a duplicate, and keeps one', async () => {
    const ada = await createCustomer(t);
    expect((await save(ada, bankBeneficiary(ada))).statusCode).toBe(200);
    const again = await save(ada, bankBeneficiary(ada));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message:
        'Error Saving Beneficiary! Please, check that the beneficiary does not already exist.',
    });
    expect((await list(ada)).json().data).toHaveLength(1);
  });

  it("answers 403 for another customer's wallet: listing, saving on it, deleting theirs", async () => {
    const ada = await createCustomer(t);
    const mallory = await createCustomer(t);
    const saved = await save(ada, bankBeneficiary(ada));
    expect((await list(mallory, ada.main)).statusCode).toBe(403);
    expect((await save(mallory, bankBeneficiary(ada))).statusCode).toBe(403);
    expect((await remove(mallory, saved.json().data.id)).statusCode).toBe(403);
    expect((await list(ada)).json().data).toHaveLength(1);
  });

  it('refuses a body whose number differs from the address, an unknown bank, a bad NUBAN', async () => {
    const ada = await createCustomer(t);
    const body = bankBeneficiary(ada);
    expect((await save(ada, body, '0123456789')).statusCode).toBe(422);
    expect((await save(ada, { ...body, bank_code: '999' })).statusCode).toBe(422);
    const typo = `${body.recipient_account_number.slice(0, 9)}${(Number(body.recipient_account_number[9]) + 1) % 10}`;
    expect((await save(ada, { ...body, recipient_account_number: typo })).statusCode).toBe(422);
    expect((await save(ada, { ...body, extra: 'x' })).statusCode).toBe(400);
    expect((await list(ada)).json().data).toHaveLength(0);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const ada = await createCustomer(t);
    expect((await remove(ada, 987654)).statusCode).toBe(404);
    expect((await remove(ada, 'abc')).statusCode).toBe(400);
  });

  it('bounds the id to its column (integer): above 2^31 − 1, zero, signs, 20 digits are 400, never 500', async () => {
    const ada = await createCustomer(t);
    expect((await remove(ada, 2_147_483_647)).statusCode).toBe(404);
    for (const id of [
      '2147483648',
      '9999999999',
      '12345678901234567890',
      '0',
      '-1',
      '+5',
      '1e3',
      '007',
    ]) {
      const res = await remove(ada, id);
      expect({ id, status: res.statusCode, body: res.json() }).toEqual({
        id,
        status: 400,
        body: { message: 'Beneficiary not found.' },
      });
    }
  });
});
