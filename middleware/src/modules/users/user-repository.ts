import type { Kysely } from 'kysely';
import type { Database, NewUser, User } from '../../db/schema.js';

/** SQL of the `users` table for sign-up, sign-in and the user object; rules live in the services. */
export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByPhone(phone: string): Promise<User | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('phone_number', '=', phone)
      .executeTakeFirst();
  }

  async phoneExists(phone: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('phone_number', '=', phone)
      .executeTakeFirst();
    return row !== undefined;
  }

  async referralCodeExists(code: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('referral_code', '=', code)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The code a referral landing page recorded for this number (POST /referral), if any. */
  async invitedWithCode(phone: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('referral_invites')
      .select('referral_code')
      .where('phone_number', '=', phone)
      .executeTakeFirst();
    return row?.referral_code ?? null;
  }

  /** Throws the database's unique violation (code 23505) for a taken phone or referral code. */
  async insert(user: NewUser): Promise<string> {
    const row = await this.db
      .insertInto('users')
      .values(user)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** False when no user has this phone number. */
  async setSecurityPinHash(phone: string, hash: string, now: Date): Promise<boolean> {
    const row = await this.db
      .updateTable('users')
      .set({ security_pin_hash: hash, updated_at: now })
      .where('phone_number', '=', phone)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }
}
