/**
 * SMS and e-mail delivery (OTPs, statements, alerts). The sandbox writes an outbox instead of
 * sending. Delivery is at-least-once: a caller that dies after sending and before recording it
 * sends again, so a message that must reach the customer once carries a `key` (an alert delivery's
 * id) that the provider uses to drop the repeat (SMS gateways and e-mail APIs take a client message
 * id or idempotency key for this; the sandbox outbox keeps one message per key).
 */
export interface SmsMessage {
  to: string; // international phone number, 234XXXXXXXXXX
  body: string;
  key?: string;
}
export interface EmailAttachment {
  filename: string;
  contentType: string;
  bytes: Buffer;
}
export interface EmailMessage {
  to: string;
  subject: string;
  body: string;
  attachments?: EmailAttachment[];
  key?: string;
}
export interface Notifier {
  sendSms(message: SmsMessage): Promise<void>;
  sendEmail(message: EmailMessage): Promise<void>;
}
