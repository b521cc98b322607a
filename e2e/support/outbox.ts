// Reads the OTPs the middleware's sandbox "sends": every SMS lands in its outbox, which
// GET /api/sandbox/outbox?recipient=234… lists newest first. Polled with expect.poll, never a sleep.
import { expect } from './fixtures';
import { middlewareURL } from './paths';

interface OutboxMessage {
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: string;
  /** Files sent with an e-mail (a statement PDF), each opened at its url. */
  attachments: { filename: string; contentType: string; url: string }[];
}

/**
 * Which code: the sign-up SMS, the security-PIN reset SMS (middleware auth/messages.ts) or a money
 * call's step-up OTP (middleware money/messages.ts).
 */
export type OtpPurpose = 'sign-up' | 'pin reset' | 'transaction' | 'transaction pin reset';

const smsPattern: Record<OtpPurpose, RegExp> = {
  'sign-up': /verification code is (\d{6})/,
  'pin reset': /security PIN reset code is (\d{6})/,
  transaction: /transaction code is (\d{6})/,
  'transaction pin reset': /transaction PIN reset code is (\d{6})/,
};

async function outbox(recipient: string): Promise<OutboxMessage[]> {
  const url = `${middlewareURL}/api/sandbox/outbox?recipient=${encodeURIComponent(recipient)}`;
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { messages: OutboxMessage[] }).messages;
}

/** The codes of one kind sent to `recipient`, newest first. */
export async function sentOtps(recipient: string, purpose: OtpPurpose): Promise<string[]> {
  return (await outbox(recipient))
    .filter((m) => m.channel === 'sms')
    .map((m) => smsPattern[purpose].exec(m.body)?.[1])
    .filter((otp): otp is string => Boolean(otp));
}

/** The newest code of one kind, once one has arrived (the SMS is written as the call is answered). */
export async function newestOtp(recipient: string, purpose: OtpPurpose): Promise<string> {
  let otps: string[] = [];
  await expect
    .poll(
      async () => {
        otps = await sentOtps(recipient, purpose);
        return otps.length;
      },
      { message: `${purpose} OTP for ${recipient} in the sandbox outbox` },
    )
    .toBeGreaterThan(0);
  return otps[0] as string;
}

/** The newest e-mail to `recipient`, once one has arrived. */
export async function newestEmail(recipient: string): Promise<OutboxMessage> {
  let emails: OutboxMessage[] = [];
  await expect
    .poll(
      async () => {
        emails = (await outbox(recipient)).filter((m) => m.channel === 'email');
        return emails.length;
      },
      { message: `e-mail to ${recipient} in the sandbox outbox` },
    )
    .toBeGreaterThan(0);
  return emails[0] as OutboxMessage;
}
