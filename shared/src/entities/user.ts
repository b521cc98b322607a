// SPEC §3 User, Wallet and identity-related entities.

/** SPEC §4: pending (grey), processing (info), approved (primary), declined (danger). */
export type NinVerificationStatus = 'pending' | 'processing' | 'approved' | 'declined';

/** SPEC §3: account_status is "blocked or otherwise"; blocked cards are red (SPEC §4). */
export type WalletAccountStatus = 'blocked' | (string & {});

export interface Wallet {
  id: number | string;
  name: string;
  account_no: string;
  /** Naira, 2 decimals (SPEC §9). */
  balance: number;
  /**
   * The balance less what card authorisations hold (SPEC §2 card terms: an authorisation reserves
   * the amount at once); absent from a middleware that predates cards.
   */
  available_balance?: number;
  /** product_id 4 is the commission wallet (SPEC §3). */
  product_id: number;
  account_status: WalletAccountStatus;
}

export interface User {
  id: number | string;
  first_name: string;
  last_name: string;
  phone_number: string;
  address: string | null;
  photo_url: string | null;
  is_verified: boolean;
  mifos_client_id: number | string | null;
  nin: string | null;
  nin_verification_status: NinVerificationStatus | null;
  isTransactionPinEnabled: boolean;
  bvn?: string | null;
  referral_code: string | null;
  email?: string | null;
  wallets: Wallet[];
}

/** SPEC §3 "BVN details (data object)". */
export interface BvnDetails {
  first_name: string;
  middle_name: string | null;
  surname: string;
  gender: string;
  date_of_birth: string;
  phone_number_1: string;
  bvn: string | null;
  nin: string | null;
}

/** SPEC §3: NIN verification data (nin, tid); other fields of the start response are not shown. */
export interface NinVerificationData {
  nin: string;
  tid: string;
  [key: string]: unknown;
}

export interface Referral {
  first_name: string;
  last_name: string;
}

export interface ReferralsResponse {
  referrals: Referral[];
  count: number;
  message: string;
}

export interface ReferralLookupResponse {
  referrer: string;
}

/** SPEC §3 "Referral submission"; phone_number in the 234 form (SPEC §7). */
export interface ReferralSubmission {
  referral_code: string;
  phone_number: string;
}

/** SPEC §3 "Browser session data": token (key tk), user id (key id), phone number. */
export interface SessionData {
  token: string | null;
  userId: string | null;
  phoneNumber: string | null;
}
