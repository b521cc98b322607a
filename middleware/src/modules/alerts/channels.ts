import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export type AlertChannel = 'sms' | 'email';

export interface AlertChannels {
  sms: boolean;
  email: boolean;
}

/**
 * The channels a customer's alerts go to. Until they choose (no row in alert_channels): SMS,
 * because every customer signed up with a verified phone number (SPEC §5), and e-mail too when they
 * gave an address (docs/decisions/033-alerts-derived-from-the-ledger.md: the address is not
 * verified by a code, so it is only a default the customer can switch off). E-mail chosen without
 * an address on file sends nothing until one is added.
 */
export async function alertChannelsOf(
  db: Kysely<Database>,
  userId: string,
): Promise<AlertChannels & { hasEmail: boolean }> {
  const row = await db
    .selectFrom('users')
    .leftJoin('alert_channels', 'alert_channels.user_id', 'users.id')
    .select(['users.email', 'alert_channels.sms', 'alert_channels.email as email_chosen'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  const hasEmail = Boolean(row?.email);
  if (!row) return { sms: false, email: false, hasEmail };
  if (row.sms === null || row.email_chosen === null)
    return { sms: true, email: hasEmail, hasEmail };
  return { sms: row.sms, email: row.email_chosen, hasEmail };
}

/** The channels an alert created now goes to (chosen ones the customer can be reached on). */
export async function deliveryChannels(
  db: Kysely<Database>,
  userId: string,
): Promise<AlertChannel[]> {
  const chosen = await alertChannelsOf(db, userId);
  const channels: AlertChannel[] = [];
  if (chosen.sms) channels.push('sms');
  if (chosen.email && chosen.hasEmail) channels.push('email');
  return channels;
}

export async function chooseAlertChannels(
  db: Kysely<Database>,
  userId: string,
  channels: AlertChannels,
  now: Date,
): Promise<void> {
  await db
    .insertInto('alert_channels')
    .values({ user_id: userId, sms: channels.sms, email: channels.email, updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        sms: channels.sms,
        email: channels.email,
        updated_at: now,
      }),
    )
    .execute();
}
