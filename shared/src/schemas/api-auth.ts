// What the middleware answers on the sign-up, sign-in and security-PIN calls of SPEC §7.
// The web app parses every response with these (docs/conventions.md §4) and the middleware's tests
// check its answers against them, so both sides hold one contract.
import { STATE_ID_INVALID } from '@ajo/shared/messages';
import { z } from './zod';

const id = z.union([z.string(), z.number()]);
const nullableString = z.nullable(z.string());

/** Any answer that only carries a human message (GET /auth, /auth/get-otps, /auth/forgot, POST /users, /reset-security-pin). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/**
 * POST /auth (encrypted): the OTP is correct. The token is short-lived, scoped to the verified phone
 * number, and is the only thing POST /users accepts as proof of that phone (sent as the bearer token).
 */
export const signupVerifiedResponseSchema = z.object({
  token: z.string(),
  message: z.optional(z.string()),
});
export type SignupVerifiedResponse = z.infer<typeof signupVerifiedResponseSchema>;

/** POST /login (encrypted): SPEC §7 "Response: token, user (id, is_verified, mifos_client_id)". */
export const loginResponseSchema = z.object({
  token: z.string(),
  user: z.object({
    id,
    is_verified: z.boolean(),
    mifos_client_id: z.nullable(id),
  }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET /states: SPEC §7 "(states)". */
export const statesResponseSchema = z.object({
  states: z.array(z.object({ id, name: z.string() })),
});
export type StatesResponse = z.infer<typeof statesResponseSchema>;

/** GET /local-government?stateId={id}: a state id as the query string carries it. */
export const localGovernmentQuerySchema = z.strictObject({
  stateId: z.string(STATE_ID_INVALID).check(z.trim(), z.regex(/^[1-9]\d{0,5}$/, STATE_ID_INVALID)),
});

/** GET /local-government?stateId=: SPEC §7 "(localGovts)". */
export const localGovernmentsResponseSchema = z.object({
  localGovts: z.array(z.object({ id, local_government_name: z.string() })),
});
export type LocalGovernmentsResponse = z.infer<typeof localGovernmentsResponseSchema>;

export const walletSchema = z.object({
  id,
  name: z.string(),
  account_no: z.string(),
  balance: z.number(),
  /** The balance less the money card authorisations hold; absent from an older middleware. */
  available_balance: z.optional(z.number()),
  product_id: z.number(),
  account_status: z.string(),
});

/** GET /users/{id}: SPEC §7 "user object" (the body is the user itself), fields of SPEC §3. */
export const userSchema = z.object({
  id,
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string(),
  address: nullableString,
  photo_url: nullableString,
  is_verified: z.boolean(),
  mifos_client_id: z.nullable(id),
  nin: nullableString,
  nin_verification_status: z.nullable(z.enum(['pending', 'processing', 'approved', 'declined'])),
  isTransactionPinEnabled: z.boolean(),
  bvn: z.optional(nullableString),
  referral_code: nullableString,
  email: z.optional(nullableString),
  middle_name: z.optional(nullableString),
  gender: z.optional(z.nullable(z.enum(['male', 'female']))),
  state_id: z.optional(z.nullable(z.number())),
  lga_id: z.optional(z.nullable(z.number())),
  wallets: z.array(walletSchema),
});
