import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { encryptedCall, type ApiAnswer } from '../../test-support/auth-test-kit.js';
import type { ApiTarget } from '../../test-support/http-target.js';
import { TEST_PIN } from '../funding/funding-test-kit.js';

/*
 * The card calls as the tests make them, in-process (a TestApp) or over HTTP to a running
 * middleware (httpTarget): request a card, reveal one, read what the bureau printed.
 */
export const TEST_DELIVERY_ADDRESS = { address: '1 Marina', city: 'Lagos', state: 'Lagos' };

interface CardHolder {
  main: string;
  auth: { authorization: string };
}

/** POST /api/cards with the customer's bearer, under `key` (a new one unless given). */
export const requestCard = (
  t: ApiTarget,
  user: CardHolder,
  key: string = randomUUID(),
  auth: Record<string, string> = user.auth,
): Promise<ApiAnswer> =>
  encryptedCall(
    t,
    'POST',
    '/api/cards',
    {
      wallet_account_number: user.main,
      delivery_address: TEST_DELIVERY_ADDRESS,
      transaction_pin: TEST_PIN,
    },
    { ...auth, 'idempotency-key': key },
  );

/** The ids of the two cards a 201 answer issued. */
export function issuedIds(answer: ApiAnswer): { virtual: string; physical: string } {
  const cards = answer.body.cards as Array<{ id: string; kind: string }>;
  const idOf = (kind: string) => cards.find((c) => c.kind === kind)?.id ?? '';
  return { virtual: idOf('virtual'), physical: idOf('physical') };
}

/** The full number and expiry, as a merchant's terminal reads them (after the transaction PIN). */
export async function revealCard(
  t: ApiTarget,
  auth: Record<string, string>,
  cardId: string,
): Promise<{ number: string; expiry: string }> {
  const revealed = await encryptedCall(
    t,
    'POST',
    `/api/cards/${cardId}/reveal`,
    { transaction_pin: TEST_PIN },
    auth,
  );
  if (revealed.status !== 200) throw new Error(`reveal answered ${revealed.status}`);
  return { number: String(revealed.body.card_number), expiry: String(revealed.body.expiry) };
}

/** The last 4 digits printed on a card. */
export const lastFourOf = async (db: Kysely<Database>, cardId: string) =>
  (await db.selectFrom('cards').select('last4').where('id', '=', cardId).executeTakeFirstOrThrow())
    .last4;
