import { verifyUserPayloadSchema } from '@ajo/shared/schemas';
import { z } from 'zod/mini';

/** SPEC §7 POST /verify-user: the web app's schema, strict (OWASP API3: unknown fields refused). */
export const verifyUserBody = z.strictObject(verifyUserPayloadSchema.shape);
