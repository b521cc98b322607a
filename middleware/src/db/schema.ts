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
  // Copied from the verified identity at activation (YYYY-MM-DD).
  date_of_birth: ColumnType<string | null, string | null | undefined, string | null>;
  /** docs/domain.md "KYC tiers"; null is tier 2 (every activated customer). */
  kyc_tier: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 0015: set when the account is closed (SPEC §9); sign-in is refused after it. */
  closed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Migration 0024: the "not authorised by me" complaint pausing outgoing money, or null. */
  outgoing_frozen_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A signed-in session; the bearer token carries its id (docs/decisions/015-sessions-ended-on-the-server.md). */
export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  ended_at: Timestamp | null;
  end_reason: SessionEndReason | null;
}

export type SessionEndReason =
  'signed-out' | 'security-pin-reset' | 'transaction-pin-reset' | 'account-closed';

// One row per OTP sent; only the hash is kept (docs/architecture.md "Security habits").
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
  /** Migration 0023: one message per key (an alert delivery sent again after a crash). */
  message_key: ColumnType<string | null, string | null | undefined, never>;
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

// A BVN consent session (sandbox consent page), single-use, 15 minutes.
export interface BvnConsentSessionsTable {
  id: Generated<string>;
  user_id: string;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: CreatedAt;
}

// A tid, the outcome of a BVN consent or NIN lookup with the identity it returned.
export interface IdentityVerificationsTable {
  tid: Generated<string>;
  user_id: string;
  source: 'bvn' | 'nin';
  outcome: 'success' | 'failed' | 'cancelled';
  identity: ColumnType<IdentityJson | null, string | null, string | null>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: CreatedAt;
}
/** The provider's identity record as stored in identity_verifications.identity (jsonb). */
export interface IdentityJson {
  first_name: string;
  middle_name: string | null;
  surname: string;
  gender: 'Male' | 'Female';
  date_of_birth: string;
  phone_number_1: string | null;
  bvn: string | null;
  nin: string | null;
}

// Files a customer uploaded (POST /storage/upload); /verify-user checks photo_url against them.
export interface UploadsTable {
  user_id: string;
  path: string; // the client's path, images/<filename>
  url: string; // the download URL returned to the client
  content_type: string;
  size: number;
  created_at: CreatedAt;
}

// A card checkout session; its id is the ledger reference of the credit.
export interface CheckoutSessionsTable {
  id: Generated<string>;
  user_id: string;
  wallet_account_number: string;
  amount_kobo: number;
  status: 'pending' | 'otp' | 'paid' | 'cancelled';
  expires_at: Timestamp;
  paid_at: Timestamp | null;
  created_at: CreatedAt;
  // Migration 0007: the bank-to-wallet call's client reference (Idempotency-Key), if any.
  client_reference: ColumnType<string | null, string | null | undefined, string | null>;
}

// Wrong transaction PINs in a row; 5 lock the user's money calls until locked_until.
export interface TransactionPinAttemptsTable {
  user_id: string;
  failures: number;
  locked_until: Timestamp | null;
  /** Migration 0018: slots taken and not yet settled (kept apart from the wrong PINs). */
  in_flight: Generated<number>;
  /** Migration 0018: when the last attempt slot was taken. */
  counted_at: Timestamp | null;
}

// Migration 0007 (src/money/client-references.ts): one money call per user + route + key.
export interface ClientReferencesTable {
  user_id: string;
  route: string;
  key: string;
  request_hash: string;
  state: 'processing' | 'completed';
  claim_token: string | null;
  lease_until: Timestamp | null;
  response_status: number | null;
  response_body: ColumnType<unknown, string | null, string | null>;
  created_at: CreatedAt;
  completed_at: Timestamp | null;
  /** Migration 0019: the instance holding the claim (null: written by older code). */
  instance_id: Generated<string | null>;
}

// Migration 0019 (src/money/liveness.ts): a live middleware instance and its last heartbeat.
export interface InstancesTable {
  id: string;
  started_at: Timestamp;
  heartbeat_at: Timestamp;
}

// Migration 0019 (src/money/transaction-pin-guard.ts): a transaction PIN being compared.
export interface TransactionPinSlotsTable {
  token: string;
  user_id: string;
  instance_id: string;
  taken_at: Timestamp;
}

// Migration 0007 (src/money/step-up.ts): the step-up OTP of one money call.
export interface StepUpChallengesTable {
  id: Generated<string>;
  user_id: string;
  route: string;
  client_reference: string;
  otp_hash: string;
  channel: 'phone' | 'email';
  recipient: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: CreatedAt;
}

// The database file storage (src/providers/file-storage/database.ts).
export interface FilesTable {
  path: string;
  content_type: string;
  size: number;
  bytes: Buffer | Uint8Array;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

// What the sandbox providers remember (src/providers/*/sandbox.ts), shared by every instance.
export interface SandboxNipTransfersTable {
  transaction_id: string;
  session_id: string;
  response_code: string;
  destination_institution_code: string;
  beneficiary_account_number: string;
  amount_kobo: number;
  payment_reference: string;
  created_at: Timestamp;
}
export interface SandboxVendRequestsTable {
  request_id: string;
  service_id: string;
  billers_code: string;
  amount_kobo: number;
  status: 'delivered' | 'pending' | 'failed';
  token: string | null;
  units: string | null;
  /** Migration 0014: the data plan or the meter type (null on rows written before it). */
  variation_code: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

// The job queue (src/jobs): one row per background task; see middleware/README.md "Jobs".
export type JobState = 'queued' | 'running' | 'succeeded' | 'failed' | 'dead';
export interface JobsTable {
  id: Generated<string>;
  kind: string;
  // jsonb: written as JSON text, read back parsed.
  payload: ColumnType<unknown, string, string>;
  dedupe_key: string | null;
  state: ColumnType<JobState, JobState | undefined, JobState>;
  attempts: Generated<number>;
  max_attempts: number;
  run_at: Timestamp;
  locked_by: string | null;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
}

// A name enquiry answered to a customer (a bank transfer must carry one).
export interface NameEnquiriesTable {
  session_id: string;
  user_id: string;
  bank_code: string;
  account_number: string;
  account_name: string;
  bvn: string | null;
  kyc_level: string | null;
  created_at: Timestamp;
}

export type OutboundTransferStatus = 'pending' | 'successful' | 'failed';

// One bank transfer: the ledger debit's reference and the switch's transaction id.
export interface OutboundTransfersTable {
  reference: string;
  user_id: string;
  wallet_account_number: string;
  amount_kobo: number;
  bank_code: string;
  bank_name: string;
  account_number: string;
  account_name: string;
  name_enquiry_ref: string;
  transaction_id: string;
  narration: string;
  status: OutboundTransferStatus;
  response_code: string | null;
  status_queries: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

// SPEC §3 Beneficiary, saved against one of the customer's wallets.
export interface BeneficiariesTable {
  id: Generated<number>;
  user_id: string;
  account_number: string;
  recipient_account_number: string;
  name: string;
  account_type: string;
  bank_code: string | null;
  bank_image: string | null;
  created_at: CreatedAt;
}

export type BillPaymentStatus = 'pending' | 'delivered' | 'failed';
export type BillProduct = 'airtime' | 'data' | 'electricity' | 'cable-tv';

// One airtime, data, electricity or cable TV purchase (migration 0027 adds cable TV): the ledger debit's reference and the aggregator's
// request id (src/modules/payments).
export interface BillPaymentsTable {
  reference: string;
  user_id: string;
  wallet_account_number: string;
  product: BillProduct;
  service_id: string;
  provider_name: string;
  billers_code: string;
  variation_code: string | null;
  description: string;
  phone_number: string;
  amount_kobo: number;
  request_id: string;
  status: BillPaymentStatus;
  customer_name: string | null;
  customer_address: string | null;
  token: string | null;
  units: string | null;
  status_queries: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

// Migration 0015 (src/modules/settings): identity documents and their review.
export interface IdentityDocumentsTable {
  id: Generated<string>;
  user_id: string;
  document_type_id: number;
  description: string;
  document_key: string;
  document_name: string;
  document_url: string;
  review_status: Generated<'pending' | 'approved' | 'rejected'>;
  review_note: string | null;
  reviewed_at: Timestamp | null;
  created_at: Timestamp;
}

// Migration 0015: a file attached to an outbox e-mail (the sandbox keeps statement PDFs).
export interface OutboxAttachmentsTable {
  id: Generated<string>;
  outbox_id: string;
  filename: string;
  content_type: string;
  bytes: Buffer | Uint8Array;
}

// Migration 0015: an account closure request (SPEC §9).
export interface AccountClosuresTable {
  user_id: string;
  reason: string;
  created_at: Timestamp;
}

export interface CoreTables {
  users: UsersTable;
  otps: OtpsTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
  login_attempts: LoginAttemptsTable;
  bvn_consent_sessions: BvnConsentSessionsTable;
  identity_verifications: IdentityVerificationsTable;
  uploads: UploadsTable;
  checkout_sessions: CheckoutSessionsTable;
  transaction_pin_attempts: TransactionPinAttemptsTable;
  transaction_pin_slots: TransactionPinSlotsTable;
  instances: InstancesTable;
  client_references: ClientReferencesTable;
  step_up_challenges: StepUpChallengesTable;
  jobs: JobsTable;
  files: FilesTable;
  sandbox_nip_transfers: SandboxNipTransfersTable;
  sandbox_vend_requests: SandboxVendRequestsTable;
  name_enquiries: NameEnquiriesTable;
  outbound_transfers: OutboundTransfersTable;
  beneficiaries: BeneficiariesTable;
  bill_payments: BillPaymentsTable;
  identity_documents: IdentityDocumentsTable;
  outbox_attachments: OutboxAttachmentsTable;
  account_closures: AccountClosuresTable;
  referral_invites: ReferralInvitesTable;
  referral_rewards: ReferralRewardsTable;
  sessions: SessionsTable;
  face_check_passes: FaceCheckPassesTable;
  alert_channels: AlertChannelsTable;
  alerts: AlertsTable;
  alert_deliveries: AlertDeliveriesTable;
  alert_cursors: AlertCursorsTable;
  disputes: DisputesTable;
  dispute_events: DisputeEventsTable;
}

// Migration 0023: the channels a customer chose for alerts (no row: the defaults).
export interface AlertChannelsTable {
  user_id: string;
  sms: boolean;
  email: boolean;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

// Migration 0023: a debit/credit alert (entry + account set) or a notice (dedupe_key set).
export interface AlertsTable {
  id: Generated<string>;
  user_id: string;
  kind: 'credit' | 'debit' | 'notice';
  entry_id: string | null;
  account_id: string | null;
  posting_id: number | null;
  dedupe_key: string | null;
  amount_kobo: number | null;
  balance_after_kobo: number | null;
  title: string;
  body: string;
  narration: string | null;
  reference: string | null;
  created_at: CreatedAt;
  read_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

// Migration 0023: one alert sent on one channel.
export interface AlertDeliveriesTable {
  id: Generated<string>;
  alert_id: string;
  channel: 'sms' | 'email';
  state: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  delivered_at: Timestamp | null;
  created_at: CreatedAt;
}

// Migration 0023: how far alert derivation has read ledger_postings.
export interface AlertCursorsTable {
  name: string;
  last_posting_id: number;
}

export type DisputeCategory =
  'money_not_arrived' | 'wrong_amount' | 'not_authorised' | 'bill_not_delivered' | 'other';
export type DisputeStatus = 'received' | 'investigating' | 'resolved';
export type DisputeOutcome = 'refunded' | 'declined';

// Migration 0024 (src/modules/disputes): a complaint about one transaction, and its timeline.
export interface DisputesTable {
  tracking_number: string;
  user_id: string;
  reference: string;
  category: DisputeCategory;
  description: string;
  attachment_url: string | null;
  status: ColumnType<DisputeStatus, DisputeStatus | undefined, DisputeStatus>;
  outcome: DisputeOutcome | null;
  outcome_reason: string | null;
  refund_reference: string | null;
  auto_opened: ColumnType<boolean, boolean | undefined, boolean>;
  respond_by: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DisputeEventsTable {
  id: Generated<number>;
  tracking_number: string;
  status: DisputeStatus;
  outcome: DisputeOutcome | null;
  note: string;
  created_at: Timestamp;
}

// Migration 0021: a picture that passed the server face check, by its SHA-256 (hex), per customer.
export interface FaceCheckPassesTable {
  user_id: string;
  sha256: string;
  created_at: CreatedAt;
}

// Migration 0016: phone numbers invited from a referral landing page (POST /referral).
export interface ReferralInvitesTable {
  phone_number: string; // 234 form
  referral_code: string;
  created_at: Timestamp;
}

// Migration 0016: the SPEC §9 reward, one row per referee, written with both ledger entries.
export interface ReferralRewardsTable {
  referee_user_id: string;
  referrer_user_id: string;
  referrer_amount_kobo: number;
  referee_amount_kobo: number;
  funding_reference: string;
  paid_at: Timestamp;
}

// Migration 0028: a customer's debit cards (src/modules/cards); times on the app clock.
export type CardKind = 'virtual' | 'physical';
export type CardStatus = 'inactive' | 'active' | 'frozen' | 'blocked' | 'reported';
export type CardDeliveryStatus = 'requested' | 'printed' | 'dispatched' | 'delivered';
export interface CardsTable {
  id: Generated<string>;
  user_id: string;
  wallet_account_id: string;
  request_reference: string;
  kind: CardKind;
  status: CardStatus;
  /** Keyed digest of the card number (lookup by the card network). */
  pan_digest: string;
  /** Card number and CVV, AES-256-GCM sealed (src/modules/cards/card-numbers.ts). */
  pan_sealed: string;
  last4: string;
  expiry_month: number;
  expiry_year: number;
  card_pin_hash: string | null;
  issued_at: Timestamp;
  activate_by: Timestamp | null;
  activated_at: Timestamp | null;
  activation_failures: Generated<number>;
  blocked_at: Timestamp | null;
  reported_at: Timestamp | null;
  delivery_status: CardDeliveryStatus | null;
  delivery_address: ColumnType<Record<string, string> | null, string | null, string | null>;
  delivery_updated_at: Timestamp | null;
  fee_kobo: Generated<number>;
  delivery_kobo: Generated<number>;
}

export type CardTransactionState =
  'declined' | 'authorised' | 'posted' | 'reversed' | 'released' | 'refunded';
export interface CardTransactionsTable {
  network_reference: string;
  card_id: string | null;
  kind: 'authorisation' | 'offline';
  amount_kobo: number;
  merchant: string;
  /** ISO 8583-style response code (docs/domain.md "Cards (issuing)"). */
  response_code: string;
  state: CardTransactionState;
  hold_reference: string | null;
  posted_amount_kobo: number | null;
  customer_liable: Generated<boolean>;
  transaction_at: Timestamp;
  sandbox_clear_after: Timestamp | null;
  updated_at: Timestamp;
}

export interface Database extends CoreTables, LedgerTables {
  cards: CardsTable;
  card_transactions: CardTransactionsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Otp = Selectable<OtpsTable>;
export type OutboxMessage = Selectable<OutboxTable>;
export type Job = Selectable<JobsTable>;
