import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../test-support/test-database.js';
import { isValidNuban, makeNuban, nubanCheckDigit } from './nuban.js';
import { SANDBOX_ACCOUNTS, SandboxBankSwitch } from './sandbox.js';

describe('NUBAN check digit', () => {
  it('matches the CBN examples of docs/domain.md', () => {
    expect(makeNuban('058', '012345678')).toBe('0123456785');
    expect(makeNuban('011', '000001457')).toBe('0000014579');
  });

  it('pads 5-digit fintech codes with a leading 9', () => {
    expect(nubanCheckDigit('50211', '123456789')).toBe(nubanCheckDigit('950211', '123456789'));
  });

  it('rejects a wrong check digit or length', () => {
    expect(isValidNuban('058', '0123456785')).toBe(true);
    expect(isValidNuban('058', '0123456784')).toBe(false);
    expect(isValidNuban('058', '012345678')).toBe(false);
  });
});

describe(`sandbox bank switch on ${testDatabaseKind()}`, () => {
  let database: TestDatabase;
  let bankSwitch: SandboxBankSwitch;
  const gtbank = SANDBOX_ACCOUNTS[0]!;
  const now = () => new Date('2026-03-04T05:06:07Z');

  beforeAll(async () => {
    database = await createTestDatabase();
    bankSwitch = new SandboxBankSwitch(database.db, { institutionCode: '999999', now });
  });
  afterAll(() => database.drop());

  it('names a test account, with a 30-digit session id', async () => {
    const res = await bankSwitch.nameEnquiry({
      accountNumber: gtbank.accountNumber,
      channelCode: '1',
      destinationInstitutionCode: '000013',
      transactionId: 'x',
    });
    expect(res).toMatchObject({ responseCode: '00', accountName: 'ADAEZE OKONKWO', kycLevel: '3' });
    expect(res.sessionID).toMatch(/^999999260304050607\d{12}$/);
  });

  it('answers 07 for an unknown account and 16 for an unknown bank', async () => {
    const unknown = await bankSwitch.nameEnquiry({
      accountNumber: '0000000000',
      channelCode: '1',
      destinationInstitutionCode: '000013',
      transactionId: 'x',
    });
    expect(unknown.responseCode).toBe('07');
    const noBank = await bankSwitch.nameEnquiry({
      accountNumber: gtbank.accountNumber,
      channelCode: '1',
      destinationInstitutionCode: '123456',
      transactionId: 'x',
    });
    expect(noBank.responseCode).toBe('16');
  });

  it('approves a transfer once and calls a repeat a duplicate', async () => {
    const transfer = {
      transactionId: 'tx-1',
      nameEnquiryRef: 's',
      destinationInstitutionCode: '000013',
      beneficiaryAccountNumber: gtbank.accountNumber,
      beneficiaryAccountName: gtbank.accountName,
      amountKobo: 500_00,
      paymentReference: 'ref-1',
      narration: 'rent',
    };
    expect((await bankSwitch.fundsTransfer(transfer)).responseCode).toBe('00');
    expect((await bankSwitch.fundsTransfer(transfer)).responseCode).toBe('94');
    expect((await bankSwitch.transactionStatus('tx-1')).responseCode).toBe('00');
    expect((await bankSwitch.transactionStatus('never-sent')).responseCode).toBe('25');
  });

  it('settles an unknown outcome (01) through the status query', async () => {
    const pendingAccount = SANDBOX_ACCOUNTS.find((a) => a.transferOutcome === '01')!;
    const res = await bankSwitch.fundsTransfer({
      transactionId: 'tx-2',
      nameEnquiryRef: 's',
      destinationInstitutionCode: '000015',
      beneficiaryAccountNumber: pendingAccount.accountNumber,
      beneficiaryAccountName: pendingAccount.accountName,
      amountKobo: 100,
      paymentReference: 'ref-2',
      narration: '',
    });
    expect(res.responseCode).toBe('01');
    expect((await bankSwitch.transactionStatus('tx-2')).responseCode).toBe('00');
  });
});

describe(`sandbox bank switch shared by two instances on ${testDatabaseKind()}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('answers a status query on one instance for a transfer sent through the other', async () => {
    const [first, second] = [
      new SandboxBankSwitch(database.db),
      new SandboxBankSwitch(database.db),
    ];
    const hanging = SANDBOX_ACCOUNTS.find((a) => a.transferOutcome === '01')!;
    const sent = await first.fundsTransfer({
      transactionId: 'tx-across',
      nameEnquiryRef: 's',
      destinationInstitutionCode: '000015',
      beneficiaryAccountNumber: hanging.accountNumber,
      beneficiaryAccountName: hanging.accountName,
      amountKobo: 750_00,
      paymentReference: 'ref-across',
      narration: '',
    });
    expect(sent.responseCode).toBe('01');
    expect(await second.transactionStatus('tx-across')).toEqual({
      responseCode: '00',
      sessionID: sent.sessionID,
    });
  });

  it('approves one of many identical transfers sent at once through both, the rest are 94', async () => {
    const instances = [new SandboxBankSwitch(database.db), new SandboxBankSwitch(database.db)];
    const account = SANDBOX_ACCOUNTS[0]!;
    const codes = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        instances[i % 2]!.fundsTransfer({
          transactionId: 'tx-race',
          nameEnquiryRef: 's',
          destinationInstitutionCode: '000013',
          beneficiaryAccountNumber: account.accountNumber,
          beneficiaryAccountName: account.accountName,
          amountKobo: 100_00,
          paymentReference: 'ref-race',
          narration: '',
        }),
      ),
    );
    expect(codes.map((c) => c.responseCode).sort()).toEqual(['00', ...Array(9).fill('94')]);
  });
});
