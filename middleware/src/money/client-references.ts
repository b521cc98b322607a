import { createHmac, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { instanceIsDead } from './liveness.js';

/**
 * How long a claim holds a call before another attempt may take it over. A live instance finishes
 * well inside it; a crashed one's claim is free once it ends, so the retry resolves the call. A
 * claim that names its instance is free sooner: as soon as that instance's heartbeat is stale
 * (src/money/liveness.ts, a few seconds).
 */
export const CLAIM_LEASE_SECONDS = 60;

export interface CallIdentity {
  userId: string;
  /** The route as registered, e.g. 'POST /api/transfers/bank-to-wallet'. */
  route: string;
  /** The client reference (Idempotency-Key header). */
  key: string;
  /** requestHash() of the body the call carries. */
  requestHash: string;
}

export interface Claim extends CallIdentity {
  token: string;
}

export type ClaimOutcome =
  | { kind: 'claimed'; claim: Claim }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'different-request' }
  | { kind: 'in-flight' };

/** JSON with sorted keys, so the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * A keyed hash of a body without the fields named in `without`. Keyed with the pepper (held out
 * of the database) because a body may carry the 6-digit transaction PIN, which a plain hash in a
 * leaked table would give away in a million guesses.
 */
export function requestHash(pepper: string, body: object, without: readonly string[]): string {
  const kept = Object.fromEntries(Object.entries(body).filter(([k]) => !without.includes(k)));
  return createHmac('sha256', pepper)
    .update(`money-call:${canonical(kept)}`)
    .digest('hex');
}

/**
 * Client references (docs/architecture.md "The wire contract"): a money call is claimed under
 * user + route + key before it runs, and its answer is stored when it ends. A repeat of a completed
 * call gets the stored answer, the same key with another body is refused, and a repeat while the
 * first still runs is told so: a call runs at most once at a time, and once to completion.
 */
export class ClientReferences {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      clock: Clock;
      /** This instance (src/money/liveness.ts), recorded on each claim; absent: lease only. */
      instanceId?: string;
    },
  ) {}

  /**
   * One statement claims a new call or takes over one whose claim lease ended or whose instance
   * is dead (a crash); anything else reads the row to say why not. An instance never takes over
   * its own claims by liveness: it is alive, so they are still running.
   */
  async claim(call: CallIdentity): Promise<ClaimOutcome> {
    const now = this.deps.clock.now();
    const token = randomUUID();
    const leaseUntil = new Date(now.getTime() + CLAIM_LEASE_SECONDS * 1000);
    const me = this.deps.instanceId ?? null;
    const holderDead = instanceIsDead(sql`c.instance_id`, now);
    const claimed = await sql<{ claim_token: string }>`
      insert into client_references as c
        (user_id, route, key, request_hash, state, claim_token, lease_until, created_at, instance_id)
      values (${call.userId}, ${call.route}, ${call.key}, ${call.requestHash}, 'processing',
        ${token}, ${leaseUntil}, ${now}, ${me})
      on conflict (user_id, route, key) do update
        set claim_token = excluded.claim_token, lease_until = excluded.lease_until,
          instance_id = excluded.instance_id
        where c.state = 'processing' and c.request_hash = excluded.request_hash
          and (c.lease_until <= ${now}
            or (c.instance_id is distinct from ${me}::uuid and ${holderDead}))
      returning claim_token`.execute(this.deps.db);
    if (claimed.rows[0]?.claim_token === token)
      return { kind: 'claimed', claim: { ...call, token } };

    const row = await this.deps.db
      .selectFrom('client_references')
      .select(['request_hash', 'state', 'response_status', 'response_body'])
      .where('user_id', '=', call.userId)
      .where('route', '=', call.route)
      .where('key', '=', call.key)
      .executeTakeFirst();
    // Gone between the two statements: released by a call that failed; this one may run.
    if (!row) return this.claim(call);
    if (row.request_hash !== call.requestHash) return { kind: 'different-request' };
    if (row.state === 'completed') {
      return { kind: 'replay', status: row.response_status ?? 200, body: row.response_body };
    }
    return { kind: 'in-flight' };
  }

  /**
   * Stores the answer of a claimed call. False when the claim was taken over meanwhile (this
   * instance overran its lease): the other attempt's answer is the one kept.
   */
  async complete(claim: Claim, status: number, body: unknown): Promise<boolean> {
    const row = await this.deps.db
      .updateTable('client_references')
      .set({
        state: 'completed',
        claim_token: null,
        lease_until: null,
        response_status: status,
        response_body: JSON.stringify(body ?? null),
        completed_at: this.deps.clock.now(),
      })
      .where('user_id', '=', claim.userId)
      .where('route', '=', claim.route)
      .where('key', '=', claim.key)
      .where('claim_token', '=', claim.token)
      .where('state', '=', 'processing')
      .returning('key')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Where the user's call under `key` stands, on whichever money route it was sent (a client makes
   * a new key per attempt; should two routes share one, the latest is the one it asks about). Null
   * when no call under the key is recorded: it never arrived, or ended without an answer to keep.
   */
  async lookup(
    userId: string,
    key: string,
  ): Promise<
    | { state: 'in_progress' }
    | { state: 'completed'; status: number; answer: Record<string, unknown> }
    | null
  > {
    const row = await this.deps.db
      .selectFrom('client_references')
      .select(['state', 'response_status', 'response_body'])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return null;
    if (row.state !== 'completed') return { state: 'in_progress' };
    // Every stored answer is an object: the route's result or a refusal's { message }.
    const answer = (row.response_body ?? {}) as Record<string, unknown>;
    return { state: 'completed', status: row.response_status ?? 200, answer };
  }

  /** Forgets a claim whose call ended without an answer to keep, so the key may be used again. */
  async release(claim: Claim): Promise<void> {
    await this.deps.db
      .deleteFrom('client_references')
      .where('user_id', '=', claim.userId)
      .where('route', '=', claim.route)
      .where('key', '=', claim.key)
      .where('claim_token', '=', claim.token)
      .where('state', '=', 'processing')
      .execute();
  }
}
