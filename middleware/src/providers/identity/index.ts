/** Identity provider (BVN with NIBSS iGree-style consent, NIN), DOMAIN.md "Identity". */
export interface BvnRecord {
  first_name: string;
  middle_name: string;
  surname: string;
  gender: 'Male' | 'Female';
  date_of_birth: string; // YYYY-MM-DD
  phone_number_1: string;
  bvn: string;
  nin?: string;
}
export interface NinRecord {
  nin: string;
  first_name: string;
  surname: string;
  date_of_birth: string;
}
export interface IdentityProvider {
  /** Starts consent; returns the URL the browser is sent to and the transaction id (tid). */
  startBvnConsent(input: {
    channel: 'web';
    callbackUrl: string;
  }): Promise<{ tid: string; redirectUrl: string }>;
  /** After consent, the BVN record for that tid; null when none was granted. */
  bvnLookup(tid: string): Promise<BvnRecord | null>;
  ninLookup(nin: string): Promise<NinRecord | null>;
}
