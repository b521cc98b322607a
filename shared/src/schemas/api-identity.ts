// What the middleware answers on the identity-verification and activation calls
// (SPEC §7 BVN/NIN, verify-user, PUT /users/{id}, create-transaction-pin). The web app parses every
// response with these (docs/conventions.md §4) and the middleware's route tests check its answers
// against them.
import { PLATFORM } from '@ajo/shared/constants';
import { CHANNEL_WEB, TID_REQUIRED, USER_ID_REQUIRED } from '@ajo/shared/messages';
import { userSchema, walletSchema } from './api-auth';
import { ninSchema } from './codes';
import { z } from './zod';

/** /users/{id}/… path parameter: the caller's own user id (the server answers 403 otherwise). */
export const userIdParamsSchema = z.strictObject({ id: z.string(USER_ID_REQUIRED) });

const webChannel = z.literal(PLATFORM, CHANNEL_WEB);

/** 1. GET /bvn/start?channel=web. */
export const bvnStartQuerySchema = z.strictObject({ channel: webChannel });

/** 3. GET /bvn/details?tid=. */
export const bvnDetailsQuerySchema = z.strictObject({
  tid: z.string(TID_REQUIRED).check(z.trim(), z.minLength(1, TID_REQUIRED)),
});

/** 4. GET /nin/start?channel=web&nin=. */
export const ninStartQuerySchema = z.strictObject({ channel: webChannel, nin: ninSchema });

const nullableString = z.nullable(z.string());

/** 1. GET /bvn/start?channel=web: where the browser goes for consent (a same-origin path in sandbox). */
export const bvnStartResponseSchema = z.object({ redirectUrl: z.string().check(z.minLength(1)) });
export type BvnStartResponse = z.infer<typeof bvnStartResponseSchema>;

/** 3. GET /bvn/details?tid=: the identity behind a tid (BVN flow: bvn set; NIN flow: nin set). */
export const identityDetailsSchema = z.object({
  first_name: z.string(),
  middle_name: nullableString,
  surname: z.string(),
  gender: z.string(),
  date_of_birth: z.string(),
  phone_number_1: nullableString,
  bvn: nullableString,
  nin: nullableString,
});
export type IdentityDetails = z.infer<typeof identityDetailsSchema>;
export const bvnDetailsResponseSchema = z.object({ data: identityDetailsSchema });
export type BvnDetailsResponse = z.infer<typeof bvnDetailsResponseSchema>;

/** 4. GET /nin/start?channel=web&nin=: masked holder details and the tid for /onboarding. */
export const ninStartResponseSchema = z.object({
  nin: z.string(),
  tid: z.string().check(z.minLength(1)),
  first_name: z.string(),
  last_name: z.string(),
  date_of_birth: z.string(),
});
export type NinStartResponse = z.infer<typeof ninStartResponseSchema>;

/** 7. POST /verify-user, 8. PUT /users/{id} (nin), 9. POST /users/{id}/create-transaction-pin. */
export const verifyUserResponseSchema = z.object({ message: z.string() });
export const ninSubmittedResponseSchema = z.object({ message: z.string() });
export const transactionPinCreatedResponseSchema = z.object({ message: z.string() });

/** 10. GET /users/{id} after activation: the ledger's wallets, main wallet first. */
export const activatedUserSchema = z.extend(userSchema, {
  is_verified: z.literal(true),
  mifos_client_id: z.union([z.string(), z.number()]),
  wallets: z.array(walletSchema).check(z.minLength(1)),
});
export type ActivatedUser = z.infer<typeof activatedUserSchema>;
