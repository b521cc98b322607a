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

  async sendEmail({ to, subject, body }: EmailMessage): Promise<void> {
    await this.db
      .insertInto('outbox')
      .values({ channel: 'email', recipient: to, subject, body })
      .execute();
    this.print(`[sandbox email] to ${to}: ${subject} | ${body.replace(/\s+/g, ' ')}`);
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
