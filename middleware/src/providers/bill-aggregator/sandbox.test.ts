import { FakeClock } from '../../test-support/auth-test-kit.js';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../test-support/test-database.js';
import { DATA_VARIATIONS, DISCOS, outcomeFor, SANDBOX_PENDING_SECONDS } from './catalogue.js';
import { DuplicateRequestError, VendTimeoutError, type VendRequest } from './index.js';
import { SandboxBillAggregator } from './sandbox.js';

let database: TestDatabase;
const clock = new FakeClock();
let bills: SandboxBillAggregator;
let n = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  bills = new SandboxBillAggregator(database.db, () => clock.now());
});
afterAll(() => database.drop());

const vend = (overrides: Partial<VendRequest>) =>
  bills.vend({
    requestId: `r${++n}`,
    serviceId: 'mtn',
    billersCode: '2348031234567',
    amountKobo: 500_00,
    phone: '2348031234567',
    ...overrides,
  });
const meterVend = (meter: string, variationCode = 'prepaid') =>
  vend({ serviceId: 'ikeja-electric', billersCode: meter, variationCode, amountKobo: 5000_00 });

describe(`sandbox bill aggregator on ${testDatabaseKind()}`, () => {
  it('lists realistic data plans for each of the four networks and the twelve DisCos', async () => {
    for (const service of ['mtn-data', 'airtel-data', 'glo-data', 'etisalat-data']) {
      const plans = await bills.listVariations(service);
      expect(plans.length).toBeGreaterThanOrEqual(5);
      expect(plans).toEqual(DATA_VARIATIONS[service]);
    }
    expect((await bills.listVariations('mtn-data'))[0]).toEqual({
      variation_code: 'mtn-10mb-100',
      name: 'N100 100MB - 24 hrs',
      variation_amount: '100.00',
      fixedPrice: 'Yes',
    });
    expect(await bills.listDiscos()).toHaveLength(12);
  });

  it("names nothing with an object's own members: __proto__, constructor, toString", async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'valueOf']) {
      await expect(bills.verifyMeter('ikeja-electric', name, 'prepaid')).resolves.toBeNull();
      await expect(bills.listVariations(name)).resolves.toEqual([]);
      expect(outcomeFor(name, true)).toBe('failed');
      expect(outcomeFor(name, false)).toBe('delivered');
    }
  });

  it('verifies test meters with their arrears and whether they can be vended', async () => {
    await expect(bills.verifyMeter('ikeja-electric', '1111111111111', 'prepaid')).resolves.toEqual({
      customerName: 'TESTMETER ONE',
      address: '12 Allen Avenue, Ikeja, Lagos',
      meterType: 'prepaid',
      arrearsKobo: 0,
      minimumPurchaseKobo: 100_000,
      canVend: true,
    });
    await expect(
      bills.verifyMeter('kano-electric', '5555555555555', 'postpaid'),
    ).resolves.toMatchObject({ arrearsKobo: 150_000 });
    await expect(
      bills.verifyMeter('benin-electric', '7777777777777', 'prepaid'),
    ).resolves.toMatchObject({ canVend: false });
    await expect(bills.verifyMeter('ikeja-electric', '9999', 'prepaid')).resolves.toBeNull();
    await expect(
      bills.verifyMeter('no-such-disco', '1111111111111', 'prepaid'),
    ).resolves.toBeNull();
  });

  it('vends a 20-digit token with units for prepaid, none for postpaid', async () => {
    const prepaid = await meterVend('1111111111111');
    expect(prepaid).toMatchObject({ status: 'delivered', units: '23.9' });
    expect(prepaid.token).toMatch(/^\d{20}$/);
    const postpaid = await meterVend('1111111111111', 'postpaid');
    expect(postpaid).toEqual({ requestId: postpaid.requestId, status: 'delivered' });
  });

  it('delivers airtime to any number but the test numbers', async () => {
    await expect(vend({})).resolves.toMatchObject({ status: 'delivered' });
    await expect(vend({ billersCode: '2348033333333' })).resolves.toMatchObject({
      status: 'failed',
    });
    await expect(meterVend('3333333333333')).resolves.toMatchObject({ status: 'failed' });
    await expect(meterVend('0000000000000')).resolves.toMatchObject({ status: 'failed' });
  });

  it('keeps pending numbers pending for a minute, then settles them for every later query', async () => {
    const delivers = await vend({ billersCode: '2348032222222', serviceId: 'mtn-data' });
    const fails = await meterVend('4444444444444');
    const prepaid = await meterVend('2222222222222');
    for (const r of [delivers, fails, prepaid]) expect(r.status).toBe('pending');
    clock.advance(SANDBOX_PENDING_SECONDS - 1);
    await expect(bills.queryStatus(delivers.requestId)).resolves.toMatchObject({
      status: 'pending',
    });
    clock.advance(1);
    await expect(bills.queryStatus(delivers.requestId)).resolves.toEqual({
      requestId: delivers.requestId,
      status: 'delivered',
    });
    await expect(bills.queryStatus(fails.requestId)).resolves.toMatchObject({ status: 'failed' });
    const token = await bills.queryStatus(prepaid.requestId);
    expect(token?.token).toMatch(/^\d{20}$/);
    await expect(bills.queryStatus(prepaid.requestId)).resolves.toEqual(token);
  });

  it('records a timed-out vend as delivered though the caller never hears it', async () => {
    const error = await vend({ requestId: 'timeout-1', billersCode: '2348036666666' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(VendTimeoutError);
    await expect(bills.queryStatus('timeout-1')).resolves.toMatchObject({ status: 'delivered' });
  });

  it('refuses a duplicate request id from any instance and answers its status to all', async () => {
    const other = new SandboxBillAggregator(database.db, () => clock.now());
    const first = await meterVend('1111111111111');
    await expect(other.queryStatus(first.requestId)).resolves.toEqual(first);
    await expect(
      other.vend({
        ...first,
        serviceId: 'mtn',
        billersCode: '2348031234567',
        amountKobo: 1,
        phone: 'p',
      }),
    ).rejects.toBeInstanceOf(DuplicateRequestError);
    await expect(other.queryStatus('never-sent')).resolves.toBeNull();
  });

  it('names each of the twelve DisCos once', () => {
    expect(new Set(DISCOS.map((d) => d.serviceId)).size).toBe(12);
  });
});
