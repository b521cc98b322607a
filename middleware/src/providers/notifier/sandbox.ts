import type { Kysely } from 'kysely';
import type { Database, OutboxMessage } from '../../db/schema.js';
import type { EmailMessage, Notifier, SmsMessage } from './index.js';

/**
 * Sandbox notifier: every message lands in the `outbox` table (read by GET /api/sandbox/outbox)
 * and is printed on one line so a developer can read OTPs from the console.
 */
export class SandboxNotifier implements Notifier {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly print: (line: string) => void = (line) => console.log(line),
  ) {}

  /** A repeat of a keyed message is dropped, as a gateway drops a repeated client message id. */
  async sendSms({ to, body, key }: SmsMessage): Promise<void> {
    const inserted = await this.db
      .insertInto('outbox')
      .values({ channel: 'sms', recipient: to, body, subject: null, message_key: key ?? null })
      .onConflict((oc) => oc.column('message_key').where('message_key', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) this.print(`[sandbox sms] to ${to}: ${body}`);
  }

  /** Attachments are kept with the message, so a person can open them from the outbox. */
  async sendEmail({ to, subject, body, attachments = [], key }: EmailMessage): Promise<void> {
    const inserted = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('outbox')
        .values({ channel: 'email', recipient: to, subject, body, message_key: key ?? null })
        .onConflict((oc) =>
          oc.column('message_key').where('message_key', 'is not', null).doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
      if (!row) return false;
      const { id } = row;
      for (const file of attachments) {
        await trx
          .insertInto('outbox_attachments')
          .values({
            outbox_id: id,
            filename: file.filename,
            content_type: file.contentType,
            bytes: file.bytes,
          })
          .execute();
      }
      return true;
    });
    if (!inserted) return;
    const files = attachments.map((f) => ` [${f.filename}]`).join('');
    this.print(`[sandbox email] to ${to}: ${subject} | ${body.replace(/\s+/g, ' ')}${files}`);
  }

  /** The attachments of the given messages, without their bytes. */
  attachmentsOf(outboxIds: string[]) {
    if (outboxIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('outbox_attachments')
      .select(['id', 'outbox_id', 'filename', 'content_type'])
      .where('outbox_id', 'in', outboxIds)
      .orderBy('filename')
      .execute();
  }

  attachment(id: string) {
    return this.db
      .selectFrom('outbox_attachments')
      .select(['filename', 'content_type', 'bytes'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Newest first. */
  list(recipient: string, limit = 50): Promise<OutboxMessage[]> {
    return this.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', recipient)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
