import type { Kysely } from 'kysely';
import { loadConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../test-support/test-database.js';
import { DuplicateRequestError } from './bill-aggregator/index.js';
import { SandboxBillAggregator } from './bill-aggregator/sandbox.js';
import { SandboxCardCheckout } from './card-checkout/sandbox.js';
import { createProviders } from './index.js';

describe('provider selection', () => {
  it('refuses sandbox providers in production mode', () => {
    const config = { ...loadConfig({}), production: true };
    expect(() => createProviders(config, {} as Kysely<Database>)).toThrow(
      'Sandbox providers are refused in production mode',
    );
  });
});

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe(`sandbox bill aggregator on ${testDatabaseKind()}`, () => {
  let bills: SandboxBillAggregator;
  beforeAll(() => {
    bills = new SandboxBillAggregator(database.db);
  });

  it('lists data plans per network', async () => {
    const plans = await bills.listVariations('mtn-data');
    expect(plans[0]).toEqual({
      variation_code: 'mtn-10mb-100',
      name: 'N100 100MB - 24 hrs',
      variation_amount: '100.00',
      fixedPrice: 'Yes',
    });
  });

  it('verifies a test meter and vends a 20-digit token for prepaid', async () => {
    await expect(
      bills.verifyMeter('ikeja-electric', '1111111111111', 'prepaid'),
    ).resolves.toMatchObject({ customerName: 'TESTMETER ONE' });
    await expect(bills.verifyMeter('ikeja-electric', '9999', 'prepaid')).resolves.toBeNull();
    const result = await bills.vend({
      requestId: 'r1',
      serviceId: 'ikeja-electric',
      billersCode: '1111111111111',
      amountKobo: 5000_00,
      phone: '2348012345678',
    });
    expect(result.status).toBe('delivered');
    expect(result.token).toMatch(/^\d{4}-\d{4}-\d{4}-\d{4}-\d{4}$/);
  });

  it('gives fixed outcomes for the pending and failing meters and refuses a duplicate request id', async () => {
    const pending = await bills.vend({
      requestId: 'r2',
      serviceId: 'ikeja-electric',
      billersCode: '2222222222222',
      amountKobo: 100,
      phone: 'p',
    });
    expect(pending.status).toBe('pending');
    const failed = await bills.vend({
      requestId: 'r3',
      serviceId: 'ikeja-electric',
      billersCode: '3333333333333',
      amountKobo: 100,
      phone: 'p',
    });
    expect(failed.status).toBe('failed');
    await expect(
      bills.vend({
        requestId: 'r3',
        serviceId: 'mtn',
        billersCode: '2348012345678',
        amountKobo: 100,
        phone: 'p',
      }),
    ).rejects.toBeInstanceOf(DuplicateRequestError);
    await expect(bills.queryStatus('r2')).resolves.toMatchObject({ status: 'pending' });
  });

  it('remembers requests across instances: another one refuses the duplicate and answers the status', async () => {
    const other = new SandboxBillAggregator(database.db);
    const vended = await bills.vend({
      requestId: 'r-across',
      serviceId: 'ikeja-electric',
      billersCode: '1111111111111',
      amountKobo: 2000_00,
      phone: '2348012345678',
    });
    await expect(other.queryStatus('r-across')).resolves.toEqual(vended);
    await expect(
      other.vend({
        requestId: 'r-across',
        serviceId: 'mtn',
        billersCode: '2348012345678',
        amountKobo: 100,
        phone: 'p',
      }),
    ).rejects.toBeInstanceOf(DuplicateRequestError);
    await expect(other.queryStatus('never-sent')).resolves.toBeNull();
  });

  it('vends once when the same request id arrives at both instances at once', async () => {
    const instances = [bills, new SandboxBillAggregator(database.db)];
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        instances[i % 2]!.vend({
          requestId: 'r-race',
          serviceId: 'mtn',
          billersCode: '2348012345678',
          amountKobo: 100_00,
          phone: '2348012345678',
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes.filter((o) => o.status === 'rejected'))
      expect((o as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateRequestError);
  });
});

describe('sandbox card checkout', () => {
  it('sends the browser to its own hosted page for the session', () => {
    expect(new SandboxCardCheckout().checkoutUrl('c1')).toBe('/api/sandbox/checkout/c1');
  });
});
