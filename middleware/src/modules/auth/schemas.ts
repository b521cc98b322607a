import { MAC_ADDRESS } from '@ajo/shared/constants';
import {
  internationalPhoneSchema,
  loginPayloadSchema,
  securityPinResetPayloadSchema,
  signupOtpPayloadSchema,
} from '@ajo/shared/schemas';
import { z } from 'zod/mini';

/*
 * Request schemas of the auth calls (SPEC §7), built from the web app's own schemas
 * (docs/conventions.md §3: one zod schema per rule, same messages on both sides). The server only
 * tightens them into strict objects, so an unknown field is refused before it reaches a service
 * (OWASP API3).
 */

export const phoneQuery = z.strictObject({ phone_number: internationalPhoneSchema });

export const signupOtpBody = z.strictObject(signupOtpPayloadSchema.shape);

export const loginBody = z.strictObject({
  ...loginPayloadSchema.shape,
  // Same rule (MAC_ADDRESS, 'web'); the shared literal carries no message and the web app always
  // sends it, so only another client ever reads this server-side sentence.
  mac_address: z.literal(MAC_ADDRESS, `mac_address must be '${MAC_ADDRESS}'`),
});

export const resetSecurityPinBody = z.strictObject(securityPinResetPayloadSchema.shape);
