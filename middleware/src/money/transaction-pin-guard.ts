import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { SecretHasher } from '../security/secrets.js';
import { instanceIsDead } from './liveness.js';
import { upgradeTransactionPin } from './transaction-pin-upgrade.js';
import {
  INCORRECT_TRANSACTION_PIN,
  TRANSACTION_PIN_LOCKED,
  TOO_MANY_AT_ONCE,
  OUTGOING_MONEY_FROZEN,
  TRANSACTION_PIN_NOT_SET,
} from './messages.js';

export const MAX_WRONG_PINS = 5;
export const PIN_LOCK_SECONDS = 15 * 60;
/**
 * Far longer than any comparison takes, queue included (a scrypt hash is well under a second, and
 * the hash pool's queue is bounded): slots still unsettled this long after the last was taken were
 * left by a process that stopped mid-comparison.
 */
export const UNSETTLED_SLOT_SECONDS = 120;

const locked = () => new AppError(429, TRANSACTION_PIN_LOCKED, 'PIN_LOCKED');

/**
 * The transaction PIN check of every money call: 5 wrong PINs in a row lock all the user's money
 * calls for 15 minutes; a right PIN resets the count.
 *
 * docs/architecture.md "Security habits": the attempt is counted before the PIN is compared, in one
 * conditional statement. A slot is the wrong PINs in a row (`failures`) plus the attempts still
 * being compared (`in_flight`), so however many arrive at once at most 5 are ever compared in a
 * lock window: an attempt that finds 5 slots taken gives its slot back and is refused unseen. A
 * wrong PIN settles its slot into `failures` and locks when the slots reach 5, counting those still
 * in flight; a right PIN only counts while no lock holds (one conditional update), so it cannot
 * clear a lock that wrong PINs of the same burst earned, even if its comparison finishes after
 * theirs. Slots a stopped process left unsettled were never compared, so they told nobody
 * anything: each slot an instance takes is a row naming it (`transaction_pin_slots`, migration
 * 0019), and the slots of an instance whose heartbeat is stale (src/money/liveness.ts) are given
 * back by the statement that counts the next attempt, so they neither lock the customer nor
 * refuse them as "too many at once". Slots taken without a row (an instance running older code) are given back
 * once no slot has been taken for UNSETTLED_SLOT_SECONDS (migration 0018).
 */
export class TransactionPinGuard {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      secrets: SecretHasher;
      clock: Clock;
      /** This instance (src/money/liveness.ts): its slots are rows; absent, they are not. */
      instanceId?: string;
    },
  ) {}

  /**
   * 401 for a wrong PIN, 429 when this wrong PIN is the fifth in a row or a lock holds. With
   * `outgoing`, 403 while a "not authorised by me" complaint pauses the customer's outgoing money
   * (migration 0024): read with the PIN hash, so the pause costs the money path no statement, and
   * refused before an attempt is counted.
   */
  async verify(userId: string, pin: string, options: { outgoing?: boolean } = {}): Promise<void> {
    const { db, secrets, clock } = this.deps;
    const now = clock.now();
    const token = randomUUID();
    const outgoing = options.outgoing === true;
    const { record, frozen, slot } = await this.countAttempt(userId, now, token, outgoing);
    if (!record) throw new AppError(400, TRANSACTION_PIN_NOT_SET);
    if (outgoing && frozen) throw new AppError(403, OUTGOING_MONEY_FROZEN, 'OUTGOING_MONEY_FROZEN');
    if (slot === null) throw locked();
    if (slot > MAX_WRONG_PINS) {
      // Five attempts are already being compared: refused unseen. Not a lock (those five may all
      // be right), so the answer says what happened instead of blaming a wrong PIN.
      await this.giveBack(userId);
      if (await this.isLocked(userId, now)) throw locked();
      throw new AppError(429, TOO_MANY_AT_ONCE, 'TOO_MANY_AT_ONCE');
    }

    if (await secrets.verifySecret(pin, record, userId)) {
      // Reset the count, unless a lock was set meanwhile by wrong PINs counted with this one.
      const reset = await sql<{ user_id: string }>`
        with ${this.settledCtes(token)}
        update transaction_pin_attempts set
          failures = 0,
          in_flight = greatest(in_flight - (select n from settled), 0)
        where user_id = ${userId} and locked_until is null
        returning user_id`.execute(db);
      if (!reset.rows[0]) throw locked();
      await upgradeTransactionPin({ db, secrets }, userId, pin, record);
      return;
    }

    // This wrong PIN settles its slot into the wrong PINs; 5 slots taken (those still being
    // compared included) lock every money call of the user.
    const lockUntil = new Date(now.getTime() + PIN_LOCK_SECONDS * 1000);
    await sql`
      with ${this.settledCtes(token)}
      update transaction_pin_attempts set
        failures = failures + 1,
        in_flight = greatest(in_flight - (select n from settled), 0),
        locked_until = case
          when locked_until is null and failures + in_flight >= ${MAX_WRONG_PINS} then ${lockUntil}
          else locked_until end
      where user_id = ${userId}`.execute(db);
    if (await this.isLocked(userId, now)) throw locked();
    throw new AppError(401, INCORRECT_TRANSACTION_PIN, 'INCORRECT_PIN');
  }

  /**
   * One statement (docs/decisions/032-money-calls-in-fewer-round-trips.md) reads the customer's
   * PIN record, gives back the slots of dead instances and takes the next attempt slot: the
   * record, and the slot's number, or null while a lock holds. Without a record nothing is
   * counted (the call is refused 400). An expired lock starts a new window at 1; so do slots left
   * unsettled by a stopped process.
   *
   * Dead instances' slots are deleted once each (a concurrent attempt deleting the same row counts
   * nothing) and subtracted from `in_flight` in the same update that takes this slot; when this
   * attempt takes none (no record, or a lock holds) they are subtracted on their own.
   */
  private async countAttempt(
    userId: string,
    now: Date,
    token: string,
    outgoing: boolean,
  ): Promise<{ record: string | null; frozen: boolean; slot: number | null }> {
    const stale = new Date(now.getTime() - UNSETTLED_SLOT_SECONDS * 1000);
    const me = this.deps.instanceId ?? null;
    const deadCount = sql`(select count(*) from dead)`;
    const failures = sql`case when t.locked_until is null then t.failures else 0 end`;
    const inFlight = sql`case
      when t.locked_until is null and t.counted_at > ${stale}
        then greatest(t.in_flight - ${deadCount}, 0) + 1
      else 1 end`;
    // counted_at moves only for a slot that will be compared: attempts refused unseen (a customer
    // tapping again) must not keep unsettled slots from ever being given back.
    // The slot and the row that names its instance are taken in the same statement: an instance
    // that dies between them cannot leave a slot no heartbeat accounts for.
    // A paused customer's outgoing call counts no attempt: refused before any PIN is compared.
    const result = await sql<{
      record: string | null;
      frozen: boolean | null;
      slot: number | string | null;
    }>`
      with pin as (
        select transaction_pin_hash as record, outgoing_frozen_by is not null as frozen
        from users where id = ${userId}),
      dead as (
        delete from transaction_pin_slots s
        where s.user_id = ${userId} and s.instance_id is distinct from ${me}::uuid
          and ${instanceIsDead(sql`s.instance_id`, now)}
        returning 1),
      counted as (
        insert into transaction_pin_attempts as t (user_id, failures, in_flight, locked_until, counted_at)
        select ${userId}::uuid, 0, 1, null::timestamptz, ${now}::timestamptz
          from pin where pin.record is not null and not (${outgoing} and pin.frozen)
        on conflict (user_id) do update set
          failures = ${failures},
          in_flight = ${inFlight},
          locked_until = null,
          counted_at = case
            when ${failures} + ${inFlight} <= ${MAX_WRONG_PINS} then ${now}
            else t.counted_at end
        where t.locked_until is null or t.locked_until <= ${now}
        returning failures + in_flight as slot),
      recorded as (
        insert into transaction_pin_slots (token, user_id, instance_id, taken_at)
        select ${token}::uuid, ${userId}::uuid, ${me}::uuid, ${now}::timestamptz from counted
        where ${me}::uuid is not null and counted.slot <= ${MAX_WRONG_PINS}
        returning token),
      given_back as (
        update transaction_pin_attempts set
          in_flight = greatest(in_flight - ${deadCount}, 0)
        where user_id = ${userId} and exists (select 1 from dead)
          and not exists (select 1 from counted)
        returning 1)
      select (select record from pin) as record, (select frozen from pin) as frozen,
        (select slot from counted) as slot`.execute(
      this.deps.db,
    );
    const row = result.rows[0];
    return {
      record: row?.record ?? null,
      frozen: row?.frozen === true,
      slot: row?.slot === null || row?.slot === undefined ? null : Number(row.slot),
    };
  }

  /** A new transaction PIN (the reset with an OTP) starts with a clean count and no lock. */
  async clear(userId: string): Promise<void> {
    await this.deps.db
      .deleteFrom('transaction_pin_attempts')
      .where('user_id', '=', userId)
      .execute();
  }

  /**
   * The CTEs `settled(n)` of a statement that settles this attempt's slot: its row is deleted and
   * n is 1, or 0 when the row was already given back as a dead instance's (this instance stalled
   * past its heartbeat), so the count is not taken down twice. Without rows (no instance id), 1.
   * (A data-modifying CTE must be at the top of the statement, hence a list, not a subquery.)
   */
  private settledCtes(token: string) {
    if (!this.deps.instanceId) return sql`settled as (select 1 as n)`;
    return sql`deleted as (delete from transaction_pin_slots where token = ${token} returning 1),
      settled as (select count(*)::int as n from deleted)`;
  }

  private async giveBack(userId: string): Promise<void> {
    await this.deps.db
      .updateTable('transaction_pin_attempts')
      .set({ in_flight: sql<number>`greatest(in_flight - 1, 0)` })
      .where('user_id', '=', userId)
      .where('locked_until', 'is', null)
      .execute();
  }

  private async isLocked(userId: string, now: Date): Promise<boolean> {
    const row = await this.deps.db
      .selectFrom('transaction_pin_attempts')
      .select('locked_until')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Boolean(row?.locked_until && row.locked_until > now);
  }
}
