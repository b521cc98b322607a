import { classifyAccountRef, normalizePostings, validateEntryHeader } from './entry-input.js';

const A = '0123456785';
const B = '0000014579';

describe('entry input validation', () => {
  it('turns debits into negative and credits into positive signed amounts', () => {
    expect(
      normalizePostings([
        { account: A, debitKobo: 1050 },
        { account: B, creditKobo: 1000 },
        { account: 'fees', creditKobo: 50 },
      ]),
    ).toEqual([
      { account: A, amountKobo: -1050 },
      { account: B, amountKobo: 1000 },
      { account: 'fees', amountKobo: 50 },
    ]);
  });

  it('refuses an unbalanced entry', () => {
    expect(() =>
      normalizePostings([
        { account: A, debitKobo: 100 },
        { account: B, creditKobo: 99 },
      ]),
    ).toThrow(
      expect.objectContaining({
        code: 'INVALID_ENTRY',
        message: expect.stringMatching(/Unbalanced/),
      }),
    );
  });

  it('refuses single legs, legs with both sides, zero amounts and repeated accounts', () => {
    expect(() => normalizePostings([{ account: A, debitKobo: 1 }])).toThrow(/at least two/);
    expect(() =>
      normalizePostings([
        { account: A, debitKobo: 1, creditKobo: 1 },
        { account: B, creditKobo: 0 },
      ]),
    ).toThrow(/either a debit or a credit/);
    expect(() =>
      normalizePostings([
        { account: A, debitKobo: 0 },
        { account: B, creditKobo: 0 },
      ]),
    ).toThrow(expect.objectContaining({ code: 'INVALID_AMOUNT' }));
    expect(() =>
      normalizePostings([
        { account: A, debitKobo: 5 },
        { account: A, creditKobo: 5 },
      ]),
    ).toThrow(/appears twice/);
  });

  it('recognises account ids, wallet numbers and system accounts', () => {
    expect(classifyAccountRef('8F14E45F-CEEA-467F-A0E6-7C1F0D5B9A11')).toEqual({
      kind: 'id',
      value: '8f14e45f-ceea-467f-a0e6-7c1f0d5b9a11',
    });
    expect(classifyAccountRef(A)).toEqual({ kind: 'number', value: A });
    expect(classifyAccountRef('bank_settlement')).toEqual({
      kind: 'system',
      value: 'bank_settlement',
    });
    expect(() => classifyAccountRef('customer_wallet')).toThrow(
      expect.objectContaining({ status: 404 }),
    );
  });

  it('checks reference, type and narration', () => {
    const ok = { reference: 'ref-1', type: 'funding', narration: 'Top up' };
    expect(() => validateEntryHeader(ok)).not.toThrow();
    expect(() => validateEntryHeader({ ...ok, reference: ' ' })).toThrow(/reference/);
    expect(() => validateEntryHeader({ ...ok, type: 'gift' })).toThrow(/Unknown transaction type/);
    expect(() => validateEntryHeader({ ...ok, narration: 'x'.repeat(201) })).toThrow(/narration/);
  });

  it('takes a reference of exactly 100 characters and a narration of exactly 200, refuses one more', () => {
    const ok = { reference: 'r'.repeat(100), type: 'funding', narration: 'n'.repeat(200) };
    expect(() => validateEntryHeader(ok)).not.toThrow();
    expect(() => validateEntryHeader({ ...ok, reference: 'r'.repeat(101) })).toThrow(
      expect.objectContaining({
        code: 'INVALID_ENTRY',
        message: 'A reference of 1 to 100 characters is required.',
      }),
    );
    expect(() => validateEntryHeader({ ...ok, narration: 'n'.repeat(201) })).toThrow(
      expect.objectContaining({
        code: 'INVALID_ENTRY',
        message: 'The narration is limited to 200 characters.',
      }),
    );
    expect(() => validateEntryHeader({ ...ok, type: 'gift' })).toThrow(
      expect.objectContaining({ code: 'INVALID_ENTRY' }),
    );
  });

  it("refuses a reference or a narration that is not text, with the ledger's own error", () => {
    const ok = { reference: 'ref-1', type: 'funding', narration: 'Top up' };
    for (const field of ['reference', 'narration'] as const) {
      for (const value of [undefined, 42, null]) {
        expect(() => validateEntryHeader({ ...ok, [field]: value as unknown as string })).toThrow(
          expect.objectContaining({ code: 'INVALID_ENTRY' }),
        );
      }
    }
  });

  it('names every refused entry INVALID_ENTRY', () => {
    const invalid = expect.objectContaining({ code: 'INVALID_ENTRY' });
    expect(() => normalizePostings([{ account: A, debitKobo: 1 }])).toThrow(invalid);
    expect(() =>
      normalizePostings([
        { account: A, debitKobo: 1, creditKobo: 1 },
        { account: B, creditKobo: 1 },
      ]),
    ).toThrow(invalid);
    expect(() =>
      normalizePostings([
        { account: A, debitKobo: 5 },
        { account: A, creditKobo: 5 },
      ]),
    ).toThrow(invalid);
    expect(() =>
      normalizePostings([
        { account: A, debitKobo: 5 },
        { account: B, creditKobo: 4 },
      ]),
    ).toThrow(invalid);
  });

  it('refuses an entry whose debits or credits add up past the safe integer range', () => {
    const big = Number.MAX_SAFE_INTEGER - 1;
    const tooLarge = expect.objectContaining({
      code: 'INVALID_AMOUNT',
      message: 'The amount is too large.',
    });
    // Only the credits overflow, then only the debits: either is enough.
    expect(() =>
      normalizePostings([
        { account: A, debitKobo: big },
        { account: B, creditKobo: big },
        { account: 'fees', creditKobo: big },
      ]),
    ).toThrow(tooLarge);
    expect(() =>
      normalizePostings([
        { account: A, creditKobo: big },
        { account: B, debitKobo: big },
        { account: 'fees', debitKobo: big },
      ]),
    ).toThrow(tooLarge);
  });

  it('reads only whole references: a uuid or a 10-digit number with anything around it is no account', () => {
    const id = '8f14e45f-ceea-467f-a0e6-7c1f0d5b9a11';
    const notFound = expect.objectContaining({
      code: 'ACCOUNT_NOT_FOUND',
      message: 'Account not found.',
    });
    for (const ref of [`x${id}`, `${id}x`, `1${A}`, `${A}1`, `x${A}`, `${A}x`]) {
      expect(() => classifyAccountRef(ref)).toThrow(notFound);
    }
  });
});
