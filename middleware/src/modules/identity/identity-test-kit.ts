/*
 * Helpers for the identity and KYC route tests (not used by the app): users created straight in the
 * database with a bearer token, a real upload through POST /storage/upload, and the sandbox BVN
 * consent as the browser performs it (GET /bvn/start, then the consent form's POST).
 */
import { randomBytes } from 'node:crypto';
import type { ApiTarget } from '../../test-support/http-target.js';
import type { TestApp } from '../../test-support/test-app.js';
import { recordFaceCheckPass } from '../face-check/passes.js';

export interface TestUser {
  id: string;
  token: string;
  auth: { authorization: string };
}

let counter = 0;

/** A signed-up, unverified customer (what sign-up leaves behind) and a bearer token for them. */
export async function createUser(t: TestApp): Promise<TestUser> {
  counter += 1;
  const row = await t.database.db
    .insertInto('users')
    .values({
      phone_number: `23481${String(counter).padStart(8, '0')}`,
      first_name: '',
      last_name: '',
      middle_name: null,
      address: '12 Allen Avenue, Ikeja',
      state_id: null,
      lga_id: null,
      gender: 'female',
      email: null,
      photo_url: null,
      mifos_client_id: null,
      nin: null,
      nin_verification_status: null,
      bvn: null,
      referral_code: randomBytes(4).toString('hex').toUpperCase(),
      referrer_code: null,
      security_pin_hash: null,
      transaction_pin_hash: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await t.app.tokens.issue(row.id);
  return { id: row.id, token, auth: { authorization: `Bearer ${token}` } };
}

/**
 * A tiny JPEG (its magic bytes are what the storage route checks) uploaded by `user`. Too small for
 * the real detector, so by default its pass is recorded as POST /services/detect-face records one
 * (detect-face.test.ts and verify-user.test.ts run the real check); `faceChecked: false` leaves it
 * unchecked.
 */
export async function uploadPhoto(
  t: ApiTarget & { app: Pick<TestApp['app'], 'db'> },
  user: TestUser,
  name = 'face.jpg',
  { faceChecked = true, bytes = TINY_JPEG }: { faceChecked?: boolean; bytes?: Buffer } = {},
): Promise<string> {
  const type =
    bytes[0] === 0x89 ? 'image/png' : bytes[0] === 0x25 ? 'application/pdf' : 'image/jpeg';
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/storage/upload?path=images/${name}`,
    headers: { ...user.auth, 'content-type': type },
    payload: bytes,
  });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  if (faceChecked) await recordFaceCheckPass(t.app.db, user.id, bytes);
  return (res.json() as { url: string }).url;
}

const TINY_JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

export async function startBvn(t: ApiTarget, user: TestUser): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/bvn/start?channel=web',
    headers: user.auth,
  });
  if (res.statusCode !== 200) throw new Error(`bvn/start: ${res.statusCode} ${res.body}`);
  return (res.json() as { redirectUrl: string }).redirectUrl;
}

/** Posts the consent form as a browser would (urlencoded). */
export function postConsent(t: ApiTarget, url: string, form: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

/** The status and tid of the consent page's 303 back to /bvn-verification-status. */
export function redirectOutcome(location: unknown): { status: string | null; tid: string | null } {
  const url = new URL(String(location), 'http://localhost');
  expect(url.pathname).toBe('/bvn-verification-status');
  return { status: url.searchParams.get('status'), tid: url.searchParams.get('tid') };
}

/** The whole BVN consent for `bvn`; returns the tid of a successful consent. */
export async function bvnTid(t: ApiTarget, user: TestUser, bvn = '22212345678'): Promise<string> {
  const res = await postConsent(t, await startBvn(t, user), {
    bvn,
    consent: 'yes',
    action: 'grant',
  });
  const { status, tid } = redirectOutcome(res.headers.location);
  if (res.statusCode !== 303 || status !== 'success' || !tid) {
    throw new Error(`consent: ${res.statusCode} ${String(res.headers.location)}`);
  }
  return tid;
}

export function get(t: ApiTarget, url: string, user?: TestUser) {
  return t.app.inject({ method: 'GET', url, headers: user?.auth ?? {} });
}

export function verifyUser(t: ApiTarget, user: TestUser, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/verify-user',
    headers: user.auth,
    payload: body as Record<string, unknown>,
  });
}
