import {
  electricityPurchaseResponseSchema,
  serviceTypesResponseSchema,
  verifyMeterResponseSchema,
} from '@ajo/shared/schemas';
import { encryptedCall, expectParses, FakeClock } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { history } from '../transfers/transfers-test-kit.js';
import {
  balanceOf,
  buyElectricity,
  entriesOf,
  expectLedgerReconciles,
  fundedCustomer,
  METERS,
  paymentsOf,
  paymentStatus,
  type Customer,
} from './payments-test-kit.js';

let t: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(async () => {
  await expectLedgerReconciles(t);
  await t.close();
});

const transactionOf = (body: Record<string, unknown>) =>
  body.transaction as Record<string, unknown> & { transactionRef: string };

const verifyMeter = (user: Customer, body: Record<string, unknown>) =>
  encryptedCall(t, 'POST', '/api/payments/categories/electricity/verify-meter', body, user.auth);

describe('electricity service types and meter check', () => {
  it('lists each DisCo prepaid and postpaid', async () => {
    const ada = await fundedCustomer(t, 0);
    const res = await encryptedCall(
      t,
      'POST',
      '/api/payments/categories/electricity/get-service-types',
      {},
      ada.auth,
    );
    expect(res.status).toBe(200);
    expectParses(serviceTypesResponseSchema, res.body);
    const types = res.body.serviceTypes as Array<Record<string, unknown>>;
    expect(types).toHaveLength(24);
    expect(types[0]).toEqual({
      service_type: 'ikeja-electric-prepaid',
      name: 'Ikeja Electric (IKEDC) Prepaid',
      product_id: 1,
    });
    expect(types.map((s) => s.name)).toContain('Aba Power Postpaid');
  });

  it('refuses meter numbers that are not digits (__proto__, constructor, toString) with 400, never 500', async () => {
    const ada = await fundedCustomer(t, 0);
    for (const meter_number of [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      '1111 1111',
    ]) {
      const res = await verifyMeter(ada, { meter_number, service_type: 'ikeja-electric-prepaid' });
      expect({ meter_number, ...res }).toEqual({
        meter_number,
        status: 400,
        body: { message: 'Meter number can contain only digits, dashes and slashes' },
      });
    }
  });

  it('answers the name and address, and the minimum purchase with arrears', async () => {
    const ada = await fundedCustomer(t, 0);
    const res = await verifyMeter(ada, {
      meter_number: METERS.delivered,
      service_type: 'ikeja-electric-prepaid',
    });
    expect(res.status).toBe(200);
    expectParses(verifyMeterResponseSchema, res.body);
    expect(res.body.meter).toEqual({
      name: 'TESTMETER ONE',
      address: '12 Allen Avenue, Ikeja, Lagos',
      meter_type: 'prepaid',
      minimum_amount: 1000,
      arrears: 0,
    });
    const arrears = await verifyMeter(ada, {
      meter_number: METERS.arrears,
      service_type: 'kano-electric-postpaid',
    });
    expect(arrears.body.meter).toMatchObject({ minimum_amount: 2500, arrears: 1500 });
  });

  it.each([
    [{ meter_number: '9999999999999', service_type: 'ikeja-electric-prepaid' }, 404],
    [{ meter_number: METERS.disconnected, service_type: 'benin-electric-prepaid' }, 422],
    [{ meter_number: METERS.delivered, service_type: 'nowhere-prepaid' }, 400],
    [{ meter_number: '1'.repeat(21), service_type: 'ikeja-electric-prepaid' }, 400],
    [{ meter_number: '', service_type: 'ikeja-electric-prepaid' }, 400],
  ])('refuses %j with %i', async (body, status) => {
    const ada = await fundedCustomer(t, 0);
    const res = await verifyMeter(ada, body);
    expect(res.status).toBe(status);
    expect(typeof res.body.message).toBe('string');
  });
});

describe('POST /api/payments/categories/electricity/buy-electricity', () => {
  it('vends a prepaid token with units and settles', async () => {
    const ada = await fundedCustomer(t, 10_000);
    const res = await buyElectricity(t, ada, { amount: 5000 });
    expect(res.status).toBe(201);
    expectParses(electricityPurchaseResponseSchema, res.body);
    const tx = transactionOf(res.body);
    expect(tx).toMatchObject({
      status: 'successful',
      product: 'electricity',
      provider: 'Ikeja Electric (IKEDC)',
      recipient: METERS.delivered,
      description: 'Prepaid',
      units: '23.9',
    });
    expect(tx.token).toMatch(/^\d{20}$/);
    expect(await balanceOf(t, ada.main)).toBe(5000_00);
    expect(await entriesOf(t, tx.transactionRef)).toHaveLength(2);
    // The receipt keeps the token, and so does the history, as the meter takes it.
    expect((await paymentStatus(t, ada, tx.transactionRef)).body.transaction).toMatchObject({
      token: tx.token,
    });
    const [line] = await history(t, ada);
    expect(line?.narration).toContain(`Token ${String(tx.token).replace(/(\d{4})(?=\d)/g, '$1-')}`);
  });

  it('vends postpaid without a token', async () => {
    const ada = await fundedCustomer(t, 10_000);
    const res = await buyElectricity(t, ada, { service_type: 'ikeja-electric-postpaid' });
    expect(transactionOf(res.body)).toMatchObject({
      status: 'successful',
      description: 'Postpaid',
      token: null,
      units: null,
    });
  });

  it('reverses a failed vend at once', async () => {
    const ada = await fundedCustomer(t, 10_000);
    const res = await buyElectricity(t, ada, {
      meter_number: METERS.failed,
      service_type: 'portharcourt-electric-prepaid',
    });
    expect(transactionOf(res.body).status).toBe('failed');
    expect(await balanceOf(t, ada.main)).toBe(10_000_00);
  });

  it('hands over the token once a pending vend is delivered, or the money once it fails', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const delivered = transactionOf(
      (await buyElectricity(t, ada, { meter_number: METERS.pendingDelivered })).body,
    );
    const failed = transactionOf(
      (await buyElectricity(t, ada, { meter_number: METERS.pendingFailed })).body,
    );
    const timeout = transactionOf(
      (await buyElectricity(t, ada, { meter_number: METERS.timeout })).body,
    );
    for (const tx of [delivered, failed, timeout]) {
      expect(tx).toMatchObject({ status: 'pending', token: null });
    }
    expect(await balanceOf(t, ada.main)).toBe(5000_00);
    clock.advance(61);
    await t.app.jobs.runDue();
    const settled = (await paymentStatus(t, ada, delivered.transactionRef)).body.transaction;
    expect(settled).toMatchObject({ status: 'successful', units: '23.9' });
    expect((settled as { token: string }).token).toMatch(/^\d{20}$/);
    expect((await paymentStatus(t, ada, failed.transactionRef)).body.transaction).toMatchObject({
      status: 'failed',
    });
    expect((await paymentStatus(t, ada, timeout.transactionRef)).body.transaction).toMatchObject({
      status: 'successful',
    });
    expect(await balanceOf(t, ada.main)).toBe(10_000_00);
  });

  it('enforces the minimum purchase with arrears, and checks the meter again', async () => {
    const ada = await fundedCustomer(t, 10_000);
    const arrears = { meter_number: METERS.arrears, service_type: 'kano-electric-prepaid' };
    expect(await buyElectricity(t, ada, { ...arrears, amount: 2499.99 })).toEqual({
      status: 422,
      body: {
        message:
          'The minimum purchase for this meter is ₦2,500.00, including ₦1,500.00 of arrears.',
      },
    });
    expect(await buyElectricity(t, ada, { amount: 999 })).toEqual({
      status: 422,
      body: { message: 'The minimum purchase for this meter is ₦1,000.00.' },
    });
    expect((await buyElectricity(t, ada, { meter_number: '9999999999999' })).status).toBe(404);
    expect(
      (
        await buyElectricity(t, ada, {
          meter_number: METERS.disconnected,
          service_type: 'benin-electric-prepaid',
        })
      ).status,
    ).toBe(422);
    expect((await buyElectricity(t, ada, { account_details: '' })).status).toBe(400);
    expect(await paymentsOf(t, ada.id)).toEqual([]);
    expect(await balanceOf(t, ada.main)).toBe(10_000_00);
    expect((await buyElectricity(t, ada, { ...arrears, amount: 2500 })).status).toBe(201);
  });
});
