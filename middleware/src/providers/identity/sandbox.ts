import { randomUUID } from 'node:crypto';
import type { BvnRecord, IdentityProvider, NinRecord } from './index.js';

/** Test identities (README). */
export const SANDBOX_BVNS: BvnRecord[] = [
  {
    first_name: 'Adaeze',
    middle_name: 'Ngozi',
    surname: 'Okonkwo',
    gender: 'Female',
    date_of_birth: '1992-04-17',
    phone_number_1: '08012345678',
    bvn: '22222222222',
    nin: '12345678901',
  },
];
export const SANDBOX_NINS: NinRecord[] = [
  { nin: '12345678901', first_name: 'Adaeze', surname: 'Okonkwo', date_of_birth: '1992-04-17' },
  { nin: '10987654321', first_name: 'Babatunde', surname: 'Adeyemi', date_of_birth: '1988-11-02' },
];

/**
 * Sandbox identity: consent always picks the first test BVN (a real flow lets the holder choose);
 * the redirect goes straight back to the callback with the tid, as iGree does after consent.
 */
export class SandboxIdentityProvider implements IdentityProvider {
  private readonly consents = new Map<string, BvnRecord>();

  async startBvnConsent({ callbackUrl }: { channel: 'web'; callbackUrl: string }) {
    const tid = randomUUID();
    this.consents.set(tid, SANDBOX_BVNS[0] as BvnRecord);
    const url = new URL(callbackUrl, 'http://localhost');
    url.searchParams.set('tid', tid);
    return {
      tid,
      redirectUrl: callbackUrl.startsWith('http') ? url.toString() : `${url.pathname}${url.search}`,
    };
  }

  async bvnLookup(tid: string) {
    return this.consents.get(tid) ?? null;
  }

  async ninLookup(nin: string) {
    return SANDBOX_NINS.find((r) => r.nin === nin) ?? null;
  }
}
