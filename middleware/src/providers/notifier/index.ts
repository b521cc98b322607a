/** SMS and e-mail delivery (OTPs, statements). The sandbox writes an outbox instead of sending. */
export interface SmsMessage {
  to: string; // international phone number, 234XXXXXXXXXX
  body: string;
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
}
export interface Notifier {
  sendSms(message: SmsMessage): Promise<void>;
  sendEmail(message: EmailMessage): Promise<void>;
}
