import { z } from 'zod/mini';

/*
 * The alert calls' wire schemas. They live here, not in @ajo/shared/schemas: that barrel is in the
 * first load of every signed-out page, whose budget has no room left (docs/decisions/033); the web
 * screens parse these answers with schemas of the same shape in their remote (mfe-wallets,
 * mfe-settings), and the route tests check every answer against these.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ALERT_PAGE_DEFAULT = 20;
export const ALERT_PAGE_MAX = 50;

export const alertsQuerySchema = z.strictObject({
  limit: z.optional(
    z
      .string('limit must be a number from 1 to 50')
      .check(z.regex(/^(?:[1-9]|[1-4][0-9]|50)$/, 'limit must be a number from 1 to 50')),
  ),
  before: z.optional(
    z
      .string('before must be the id of an alert')
      .check(z.regex(UUID, 'before must be the id of an alert')),
  ),
});

export const alertSchema = z.object({
  id: z.string(),
  kind: z.enum(['credit', 'debit', 'notice']),
  title: z.string(),
  body: z.string(),
  /** Naira, positive; null on a notice. */
  amount: z.nullable(z.number()),
  balance_after: z.nullable(z.number()),
  narration: z.nullable(z.string()),
  reference: z.nullable(z.string()),
  created_at: z.string(),
  read: z.boolean(),
});

export const alertsResponseSchema = z.object({
  alerts: z.array(alertSchema),
  unread: z.number(),
  /** Pass as `before` for the next (older) page; null on the last one. */
  next_before: z.nullable(z.string()),
});

export const markReadBodySchema = z
  .strictObject({
    ids: z.optional(
      z
        .array(z.string('ids must be alert ids').check(z.regex(UUID, 'ids must be alert ids')))
        .check(z.maxLength(100, 'Mark at most 100 alerts at a time.')),
    ),
    all: z.optional(z.literal(true, 'all must be true')),
  })
  .check(
    z.refine((body) => (body.ids !== undefined) !== (body.all !== undefined), {
      message: 'Choose the alerts to mark as read (ids) or all of them (all).',
    }),
  );

export const unreadResponseSchema = z.object({ unread: z.number() });

export const alertChannelsBodySchema = z.strictObject({
  sms: z.boolean('sms must be true or false'),
  email: z.boolean('email must be true or false'),
});

export const alertChannelsResponseSchema = z.object({
  sms: z.boolean(),
  email: z.boolean(),
  /** E-mail alerts need an address on the profile. */
  has_email: z.boolean(),
});
