import { z } from 'zod/mini';
import { NIN_FORMAT, TID_REQUIRED } from './messages.js';

export const bvnStartQuery = z.strictObject({
  channel: z.enum(['web'], 'channel must be web'),
});

export const bvnDetailsQuery = z.strictObject({
  tid: z.string(TID_REQUIRED).check(z.trim(), z.minLength(1, TID_REQUIRED)),
});

export const ninStartQuery = z.strictObject({
  channel: z.enum(['web'], 'channel must be web'),
  nin: z.string(NIN_FORMAT).check(z.regex(/^\d{11}$/, NIN_FORMAT)),
});

export const verifyUserBody = z.strictObject({
  photo_url: z
    .string('photo_url is required')
    .check(z.minLength(1, 'photo_url is required'), z.maxLength(2048, 'photo_url is too long')),
  tid: z.string(TID_REQUIRED).check(z.minLength(1, TID_REQUIRED), z.maxLength(64, TID_REQUIRED)),
});

export const consentParams = z.strictObject({ sessionId: z.string() });

/** The consent form as posted (urlencoded); checked by hand so the page can re-render. */
export interface ConsentForm {
  bvn?: string;
  consent?: string;
  action?: string;
}
