/*
 * Helpers for the auth, users and reference-data tests (test-only: lives in test-support, which the
 * bundle never reaches): a clock the tests move, envelope calls, the OTP read from the sandbox
 * outbox as a person would, and a check that an answer parses with the web app's own schema
 * (import those from @ajo/shared/schemas).
 */
import type { Clock } from '../clock.js';
import { LOCAL_GOVERNMENTS, STATES } from '../modules/reference-data/states-and-lgas.js';
import { decryptText, encryptText } from '../security/envelope-cipher.js';
import type { ApiTarget } from './http-target.js';

export class FakeClock implements Clock {
  private ms: number;
  constructor(start = Date.UTC(2026, 0, 15, 9, 0, 0)) {
    this.ms = start;
  }
  now(): Date {
    return new Date(this.ms);
  }
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** A call on an encrypted route: the body goes in the envelope, the answer is decrypted. */
export async function encryptedCall(
  t: ApiTarget,
  method: 'POST' | 'PUT',
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<ApiAnswer> {
  const secret = t.config.encryptionSecret;
  const res = await t.app.inject({
    method,
    url,
    headers,
    payload: { encrypted: encryptText(JSON.stringify(body), secret) },
  });
  const outer = res.json() as { encrypted?: unknown };
  if (typeof outer.encrypted !== 'string') throw new Error(`not an envelope: ${res.body}`);
  return { status: res.statusCode, body: JSON.parse(decryptText(outer.encrypted, secret)) };
}

export async function plainGet(
  t: ApiTarget,
  url: string,
  headers: Record<string, string> = {},
): Promise<ApiAnswer> {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() };
}

/** The newest SMS to `phone` in the sandbox outbox, as the browser journeys read it. */
export async function latestSms(t: ApiTarget, phone: string): Promise<string | undefined> {
  const { body } = await plainGet(t, `/api/sandbox/outbox?recipient=${phone}`);
  return (body.messages as { body: string }[])[0]?.body;
}

export async function latestOtp(t: ApiTarget, phone: string): Promise<string> {
  const sms = await latestSms(t, phone);
  const otp = sms?.match(/\b(\d{6})\b/)?.[1];
  if (!otp) throw new Error(`no OTP sent to ${phone}`);
  return otp;
}

const lagos = STATES.find((s) => s.name === 'Lagos');
const ikeja = LOCAL_GOVERNMENTS.find((l) => l.name === 'Ikeja' && l.stateId === lagos?.id);
export const LAGOS_ID = lagos?.id ?? 0;
export const IKEJA_ID = ikeja?.id ?? 0;

export const signupForm = (overrides: Record<string, unknown> = {}) => ({
  gender: 'female',
  address: '12 Allen Avenue, Ikeja',
  state_id: LAGOS_ID,
  lga_id: IKEJA_ID,
  pin: '4821',
  confirm_pin: '4821',
  ...overrides,
});

/** GET /auth, the OTP from the outbox, POST /auth: the signup token for `phone`. */
export async function verifyPhone(t: ApiTarget, phone: string): Promise<string> {
  const started = await plainGet(t, `/api/auth?phone_number=${phone}`);
  if (started.status !== 200) throw new Error(`GET /auth: ${JSON.stringify(started)}`);
  const otp = await latestOtp(t, phone);
  const verified = await encryptedCall(t, 'POST', '/api/auth', { phone_number: phone, otp });
  if (verified.status !== 200) throw new Error(`POST /auth: ${JSON.stringify(verified)}`);
  return verified.body.token as string;
}

/** The whole sign-up; returns the signup token used. */
export async function signUp(
  t: ApiTarget,
  phone: string,
  form: Record<string, unknown> = {},
): Promise<string> {
  const token = await verifyPhone(t, phone);
  const created = await encryptedCall(t, 'POST', '/api/users', signupForm(form), {
    authorization: `Bearer ${token}`,
  });
  if (created.status !== 200) throw new Error(`POST /users: ${JSON.stringify(created)}`);
  return token;
}

export async function logIn(t: ApiTarget, phone: string, pin: string): Promise<ApiAnswer> {
  return encryptedCall(t, 'POST', '/api/login', {
    phone_number: phone,
    security_pin: pin,
    mac_address: 'web',
  });
}

interface Parser {
  safeParse(value: unknown): { success: boolean; error?: unknown };
}

/** Fails with the parse error when `value` does not match the shared schema. */
export function expectParses(schema: Parser, value: unknown): void {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`does not parse: ${JSON.stringify(result.error)}`);
}
