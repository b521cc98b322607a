import type { Kysely } from 'kysely';
import { loadConfig } from '../config.js';
import type { Database } from '../db/schema.js';
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

describe('sandbox bill aggregator', () => {
  const bills = new SandboxBillAggregator();

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
});

describe('sandbox card checkout', () => {
  it('sends the browser to its own hosted page for the session', () => {
    expect(new SandboxCardCheckout().checkoutUrl('c1')).toBe('/api/sandbox/checkout/c1');
  });
});
