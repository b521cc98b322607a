import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { LedgerTables } from '../ledger/tables.js';

/*
 * Type mapping, identical on PGlite and PostgreSQL (see src/db/index.ts):
 * uuid/text → string, int4/int8 → number (int8 refused beyond Number.MAX_SAFE_INTEGER),
 * numeric → string, timestamptz → Date, jsonb → parsed JSON, boolean → boolean.
 */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

// SPEC §3 User, the fields the auth plumbing and ownership checks need; feature issues add more.
export interface UsersTable {
  id: Generated<string>;
  phone_number: string; // international form 234XXXXXXXXXX (SPEC §5)
  first_name: string | null;
  last_name: string | null;
  middle_name: string | null;
  address: string | null;
  state_id: number | null;
  lga_id: number | null;
  gender: 'male' | 'female' | null;
  email: string | null;
  photo_url: string | null;
  is_verified: Generated<boolean>;
  mifos_client_id: number | null;
  nin: string | null;
  nin_verification_status: 'pending' | 'processing' | 'approved' | 'declined' | null;
  bvn: string | null;
  referral_code: string;
  referrer_code: string | null;
  security_pin_hash: string | null;
  transaction_pin_hash: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

// One row per OTP sent; only the hash is kept (ARCHITECTURE "Secrets").
export interface OtpsTable {
  id: Generated<string>;
  phone_number: string;
  purpose: string; // e.g. 'signup', 'security-pin-reset', 'transaction-pin-reset', 'step-up'
  hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  consumed_at: Timestamp | null;
  created_at: CreatedAt;
}

// Sandbox notifier's outbox (SMS and e-mail), read by GET /api/sandbox/outbox.
export interface OutboxTable {
  id: Generated<string>;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: CreatedAt;
}

// Fixed-window counters for @fastify/rate-limit (src/plugins/rate-limit.ts).
export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

// Failed sign-ins per phone number and the lock after the 5th (src/modules/auth/login-service.ts).
export interface LoginAttemptsTable {
  phone_number: string;
  failed_count: number;
  locked_until: Timestamp | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface CoreTables {
  users: UsersTable;
  otps: OtpsTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
  login_attempts: LoginAttemptsTable;
}

export interface Database extends CoreTables, LedgerTables {}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Otp = Selectable<OtpsTable>;
export type OutboxMessage = Selectable<OutboxTable>;
