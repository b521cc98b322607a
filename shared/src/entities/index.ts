// Entity types of SPEC §3. Field names follow the wire contract (SPEC §7) as sent by the middleware,
// so the same types serve the front end and the API. `COMMISSION_WALLET_PRODUCT_ID` lives in
// `@ajo/shared/constants`.
export type {
  User,
  Wallet,
  WalletAccountStatus,
  NinVerificationStatus,
  BvnDetails,
  NinVerificationData,
  Referral,
  ReferralsResponse,
  ReferralLookupResponse,
  ReferralSubmission,
  SessionData,
} from './user';
export type {
  Bank,
  BankOptionValue,
  Beneficiary,
  NewBeneficiary,
  AccountVerificationResult,
  WalletVerificationResponse,
  WalletTransferDetails,
  BankTransferDetails,
  BankToWalletPayload,
  Transaction,
  TransactionType,
  OtpChallenge,
} from './money';
export type {
  TelcoCode,
  Telco,
  AirtimeDetails,
  DataPlan,
  DataDetails,
  ElectricityServiceType,
  MeterResult,
  ElectricityDetails,
} from './payments';
export type {
  IdentityDocument,
  DocumentType,
  State,
  LocalGovernment,
  Gender,
  SignupForm,
  StatementRequest,
} from './profile';
