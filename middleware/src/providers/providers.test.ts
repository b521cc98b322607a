import type { Kysely } from 'kysely';
import { loadConfig } from '../config.js';
import type { Database } from '../db/schema.js';
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

describe('sandbox card checkout', () => {
  it('sends the browser to its own hosted page for the session', () => {
    expect(new SandboxCardCheckout().checkoutUrl('c1')).toBe('/api/sandbox/checkout/c1');
  });
});
