import type { Api } from '../../http/api.js';
import type {
  BvnConsentSessions,
  IdentityLookup,
  IdentityProvider,
  IdentityRecord,
  NinCheckOutcome,
} from './index.js';
import { BVN_CONSENT_PATH, sandboxConsentPages } from './sandbox-pages.js';

/*
 * Sandbox identities (middleware/README.md "Sandbox test identities"), deterministic so people and
 * browser tests can pick outcomes: BVN 222… found, 220… not found, 229… mismatch; NIN 123… found,
 * 120… not found, 129… mismatch; anything else not found. A submitted NIN ending in 8 is declined by
 * the background check, any other approved.
 */
export const SANDBOX_BVN = '22212345678';
export const SANDBOX_NIN = '12345678901';

const FIXED: Record<string, IdentityRecord> = {
  [SANDBOX_BVN]: {
    first_name: 'Adaeze',
    middle_name: 'Chioma',
    surname: 'Okafor',
    gender: 'Female',
    date_of_birth: '1994-03-14',
    phone_number_1: '08031234567',
    bvn: SANDBOX_BVN,
    nin: null,
  },
  [SANDBOX_NIN]: {
    first_name: 'Emeka',
    middle_name: 'Tobenna',
    surname: 'Eze',
    gender: 'Male',
    date_of_birth: '1990-07-02',
    phone_number_1: null,
    bvn: null,
    nin: SANDBOX_NIN,
  },
};

const FEMALE_NAMES = [
  'Amaka',
  'Bisola',
  'Chiamaka',
  'Funke',
  'Halima',
  'Ngozi',
  'Temitope',
  'Zainab',
];
const MALE_NAMES = ['Bayo', 'Chinedu', 'Emeka', 'Ibrahim', 'Kunle', 'Musa', 'Obinna', 'Tunde'];
const SURNAMES = ['Adeyemi', 'Bello', 'Eze', 'Nwosu', 'Okafor', 'Olawale', 'Usman', 'Yusuf'];

const digitAt = (n: string, i: number) => Number(n[i] ?? 0);

/** A stable identity for any "found" number, so e2e tests can use fresh numbers each run. */
export function derivedIdentity(number: string, kind: 'bvn' | 'nin'): IdentityRecord {
  // Own properties only: a number such as `constructor` names no fixed identity.
  const fixed = Object.hasOwn(FIXED, number) ? FIXED[number] : undefined;
  if (fixed && (kind === 'bvn' ? fixed.bvn : fixed.nin) === number) return fixed;
  const female = digitAt(number, 10) % 2 === 0;
  const names = female ? FEMALE_NAMES : MALE_NAMES;
  const year = 1970 + ((digitAt(number, 3) * 10 + digitAt(number, 4)) % 35);
  const month = 1 + ((digitAt(number, 5) * 10 + digitAt(number, 6)) % 12);
  const day = 1 + ((digitAt(number, 7) * 10 + digitAt(number, 8)) % 28);
  const pad = (v: number) => String(v).padStart(2, '0');
  return {
    first_name: names[digitAt(number, 9) % names.length] as string,
    middle_name: names[digitAt(number, 8) % names.length] as string,
    surname: SURNAMES[digitAt(number, 7) % SURNAMES.length] as string,
    gender: female ? 'Female' : 'Male',
    date_of_birth: `${year}-${pad(month)}-${pad(day)}`,
    phone_number_1: kind === 'bvn' ? `080${number.slice(3)}` : null,
    bvn: kind === 'bvn' ? number : null,
    nin: kind === 'nin' ? number : null,
  };
}

function lookup(number: string, kind: 'bvn' | 'nin'): IdentityLookup {
  if (!/^\d{11}$/.test(number)) return { outcome: 'not_found' };
  const [found, mismatch] = kind === 'bvn' ? ['222', '229'] : ['123', '129'];
  if (number.startsWith(found)) return { outcome: 'found', record: derivedIdentity(number, kind) };
  if (number.startsWith(mismatch)) return { outcome: 'mismatch' };
  return { outcome: 'not_found' };
}

export class SandboxIdentityProvider implements IdentityProvider {
  bvnConsentUrl(sessionId: string): string {
    return `/api${BVN_CONSENT_PATH}/${sessionId}`;
  }

  registerPages(app: Api, sessions: BvnConsentSessions): Promise<void> {
    return sandboxConsentPages(app, sessions);
  }

  async lookupBvn(bvn: string): Promise<IdentityLookup> {
    return lookup(bvn, 'bvn');
  }

  async lookupNin(nin: string): Promise<IdentityLookup> {
    return lookup(nin, 'nin');
  }

  async checkNin(nin: string): Promise<NinCheckOutcome> {
    return nin.endsWith('8') ? 'declined' : 'approved';
  }
}
