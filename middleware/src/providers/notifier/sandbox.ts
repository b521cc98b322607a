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

  async sendSms({ to, body }: SmsMessage): Promise<void> {
    await this.db
      .insertInto('outbox')
      .values({ channel: 'sms', recipient: to, body, subject: null })
      .execute();
    this.print(`[sandbox sms] to ${to}: ${body}`);
  }

  /** Attachments are kept with the message, so a person can open them from the outbox. */
  async sendEmail({ to, subject, body, attachments = [] }: EmailMessage): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('outbox')
        .values({ channel: 'email', recipient: to, subject, body })
        .returning('id')
        .executeTakeFirstOrThrow();
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
    });
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
