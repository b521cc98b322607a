// SPEC §3 profile, onboarding and document entities.

export interface IdentityDocument {
  id: number | string;
  description: string;
  documentKey: string;
}

/** SPEC §3: id 32 is Proof of Residence. */
export interface DocumentType {
  id: number;
  name: string;
}

export interface State {
  id: number | string;
  name: string;
}

export interface LocalGovernment {
  id: number | string;
  local_government_name: string;
}

export type Gender = 'male' | 'female';

/** SPEC §3 "Signup form" (posted to POST /users). */
export interface SignupForm {
  gender: Gender;
  address: string;
  state_id: string;
  lga_id: string;
  pin: string;
  confirm_pin: string;
  referrer_code?: string;
  email?: string;
}

/** SPEC §7 GET /transaction-history/statement query. */
export interface StatementRequest {
  wallet_number: string;
  email: string;
  start_date: string;
  end_date: string;
}
