import { FakeClock } from '../../test-support/auth-test-kit.js';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../test-support/test-database.js';
import {
  CABLE_BOUQUETS,
  CABLE_PROVIDERS,
  cableOutcomeFor,
  DATA_VARIATIONS,
  DISCOS,
  outcomeFor,
  SANDBOX_PENDING_SECONDS,
  SANDBOX_SMARTCARDS,
} from './catalogue.js';
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
const cableVend = (smartcard: string, serviceId = 'dstv', variationCode = 'dstv-compact') =>
  vend({ serviceId, billersCode: smartcard, variationCode, amountKobo: 19_000_00 });

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
      expect(cableOutcomeFor('dstv', name)).toBe('failed');
      await expect(bills.verifySmartcard('dstv', name)).resolves.toBeNull();
      await expect(bills.verifySmartcard(name, '7011111111')).resolves.toBeNull();
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

  it('lists DStv, GOtv, StarTimes and Showmax with their 2025 bouquets in naira', async () => {
    expect((await bills.listCableProviders()).map((p) => [p.name, p.numberLength])).toEqual([
      ['DStv', 10],
      ['GOtv', 10],
      ['StarTimes', 11],
      ['Showmax', 11],
    ]);
    expect((await bills.listVariations('dstv')).map((b) => b.name)).toEqual([
      'DStv Padi',
      'DStv Yanga',
      'DStv Confam',
      'DStv Compact',
      'DStv Compact Plus',
      'DStv Premium',
    ]);
    expect((await bills.listVariations('startimes')).map((b) => b.name)).toEqual([
      'StarTimes Nova',
      'StarTimes Basic',
      'StarTimes Smart',
      'StarTimes Classic',
      'StarTimes Super',
    ]);
    expect((await bills.listVariations('showmax')).map((b) => b.variation_amount)).toEqual([
      '3500.00',
      '8400.00',
    ]);
  });

  it("every test smartcard belongs to a listed provider, is that provider's length and pays a bouquet it sells", () => {
    for (const [number, card] of Object.entries(SANDBOX_SMARTCARDS)) {
      const provider = CABLE_PROVIDERS.find((p) => p.serviceId === card.serviceId);
      expect({ number, length: provider?.numberLength }).toEqual({ number, length: number.length });
      expect(CABLE_BOUQUETS[card.serviceId]?.map((b) => b.variation_code)).toContain(card.bouquet);
    }
  });

  it('verifies a smartcard with its provider only: name, current bouquet and the day it runs out', async () => {
    await expect(bills.verifySmartcard('dstv', '7011111111')).resolves.toEqual({
      customerName: 'TESTCARD DELIVERED',
      currentBouquetCode: 'dstv-compact',
      currentBouquet: 'DStv Compact',
      // The fake clock is 2026-01-15 10:00 in Lagos; this card runs out in 3 days.
      dueDate: '2026-01-18',
    });
    await expect(bills.verifySmartcard('gotv', '7011111111')).resolves.toBeNull();
    await expect(bills.verifySmartcard('dstv', '7099999999')).resolves.toBeNull();
    await expect(bills.verifySmartcard('dstv', '7033333333')).resolves.toMatchObject({
      dueDate: '2026-01-13',
    });
  });

  it('vends cable TV: every outcome of the test smartcards, an unknown one fails', async () => {
    await expect(cableVend('7011111111')).resolves.toMatchObject({ status: 'delivered' });
    const delivered = await cableVend('7011111111');
    // No token for a subscription.
    expect(delivered).toEqual({ requestId: delivered.requestId, status: 'delivered' });
    await expect(cableVend('7033333333')).resolves.toMatchObject({ status: 'failed' });
    await expect(cableVend('7099999999')).resolves.toMatchObject({ status: 'failed' });
    // Known to DStv, not to GOtv.
    await expect(cableVend('7011111111', 'gotv', 'gotv-max')).resolves.toMatchObject({
      status: 'failed',
    });
    const later = await cableVend('7022222222');
    const laterFails = await cableVend('7044444444');
    expect([later.status, laterFails.status]).toEqual(['pending', 'pending']);
    const lost = await cableVend('7066666666').catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(VendTimeoutError);
    clock.advance(SANDBOX_PENDING_SECONDS);
    await expect(bills.queryStatus(later.requestId)).resolves.toEqual({
      requestId: later.requestId,
      status: 'delivered',
    });
    await expect(bills.queryStatus(laterFails.requestId)).resolves.toMatchObject({
      status: 'failed',
    });
    const [row] = await database.db
      .selectFrom('sandbox_vend_requests')
      .select(['status', 'variation_code'])
      .where('billers_code', '=', '7066666666')
      .execute();
    expect(row).toEqual({ status: 'delivered', variation_code: 'dstv-compact' });
  });

  it('names each of the twelve DisCos once', () => {
    expect(new Set(DISCOS.map((d) => d.serviceId)).size).toBe(12);
  });
});
