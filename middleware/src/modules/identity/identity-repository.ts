import type { Kysely, Transaction } from 'kysely';
import type { Database, IdentityJson } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TidRow {
  tid: string;
  user_id: string;
  source: 'bvn' | 'nin';
  outcome: 'success' | 'failed' | 'cancelled';
  identity: IdentityJson | null;
  expires_at: Date;
  consumed_at: Date | null;
}

/** SQL of consent sessions and tids; the rules (expiry, ownership, single use) live in services. */
export class IdentityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async createConsentSession(userId: string, expiresAt: Date): Promise<string> {
    const row = await this.db
      .insertInto('bvn_consent_sessions')
      .values({ user_id: userId, expires_at: expiresAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The live session's user, or undefined when unknown, used or expired. */
  async findLiveConsentSession(id: string, now: Date): Promise<{ user_id: string } | undefined> {
    if (!UUID.test(id)) return undefined;
    return this.db
      .selectFrom('bvn_consent_sessions')
      .select('user_id')
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Single use: only the first of two parallel submits gets the user id back. */
  async consumeConsentSession(id: string, now: Date): Promise<string | undefined> {
    if (!UUID.test(id)) return undefined;
    const row = await this.db
      .updateTable('bvn_consent_sessions')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id;
  }

  async createTid(input: {
    userId: string;
    source: 'bvn' | 'nin';
    outcome: TidRow['outcome'];
    identity: IdentityJson | null;
    expiresAt: Date;
  }): Promise<string> {
    const row = await this.db
      .insertInto('identity_verifications')
      .values({
        user_id: input.userId,
        source: input.source,
        outcome: input.outcome,
        identity: input.identity ? JSON.stringify(input.identity) : null,
        expires_at: input.expiresAt,
      })
      .returning('tid')
      .executeTakeFirstOrThrow();
    return row.tid;
  }

  /** `forUpdate` inside the activation transaction: a second activation waits for the first. */
  async findTid(tid: string, trx: Db = this.db, forUpdate = false): Promise<TidRow | undefined> {
    if (!UUID.test(tid)) return undefined;
    let query = trx
      .selectFrom('identity_verifications')
      .select(['tid', 'user_id', 'source', 'outcome', 'identity', 'expires_at', 'consumed_at'])
      .where('tid', '=', tid);
    if (forUpdate) query = query.forUpdate();
    return query.executeTakeFirst();
  }

  async consumeTid(trx: Db, tid: string, now: Date): Promise<void> {
    await trx
      .updateTable('identity_verifications')
      .set({ consumed_at: now })
      .where('tid', '=', tid)
      .execute();
  }
}
