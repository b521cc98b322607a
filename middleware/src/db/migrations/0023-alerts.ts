import { sql, type Kysely } from 'kysely';

/*
 * Debit and credit alerts (docs/decisions/033-alerts-derived-from-the-ledger.md). Expand only.
 *  - alerts: one per movement of a customer's wallet, derived from the ledger's postings (unique
 *    entry + account, so a movement is alerted once however many instances derive it), or one per
 *    notice another module raises (unique dedupe_key);
 *  - alert_deliveries: one per alert and channel the customer had chosen, delivered once by a job;
 *  - alert_channels: the customer's choice (no row: the defaults);
 *  - alert_cursors: how far the derivation has read the postings, durably;
 *  - outbox.message_key: the sandbox outbox keeps one message per key, so a delivery sent again
 *    after a crash (the notifier is at-least-once) reaches the customer once.
 */
const statements = [
  `create table alert_channels (
    user_id uuid primary key references users (id) on delete cascade,
    sms boolean not null,
    email boolean not null,
    updated_at timestamptz not null default now()
  )`,
  `create table alerts (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    kind text not null check (kind in ('credit', 'debit', 'notice')),
    entry_id uuid references ledger_entries (id),
    account_id uuid references ledger_accounts (id),
    posting_id bigint,
    dedupe_key varchar(200) unique,
    amount_kobo bigint,
    balance_after_kobo bigint,
    title varchar(200) not null,
    body varchar(1000) not null,
    narration varchar(300),
    reference varchar(100),
    created_at timestamptz not null default now(),
    read_at timestamptz,
    constraint alerts_one_per_movement unique (entry_id, account_id),
    constraint alerts_movement_or_notice
      check ((kind = 'notice') = (entry_id is null) and (entry_id is null) = (account_id is null))
  )`,
  `create index alerts_user_newest_idx on alerts (user_id, created_at desc, id desc)`,
  `create index alerts_user_unread_idx on alerts (user_id) where read_at is null`,
  `create table alert_deliveries (
    id uuid primary key default gen_random_uuid(),
    alert_id uuid not null references alerts (id) on delete cascade,
    channel text not null check (channel in ('sms', 'email')),
    state text not null default 'pending' check (state in ('pending', 'delivered', 'failed')),
    attempts integer not null default 0,
    last_error text,
    delivered_at timestamptz,
    created_at timestamptz not null default now(),
    constraint alert_deliveries_one_per_channel unique (alert_id, channel)
  )`,
  `create index alert_deliveries_pending_idx on alert_deliveries (created_at)
    where state = 'pending'`,
  `create table alert_cursors (
    name text primary key,
    last_posting_id bigint not null
  )`,
  // A database that already holds money starts alerting from now on: customers are not sent
  // their whole history the day alerts ship.
  `insert into alert_cursors (name, last_posting_id)
    select 'ledger', coalesce(max(id), 0) from ledger_postings
    on conflict (name) do nothing`,
  `alter table outbox add column if not exists message_key varchar(200)`,
  `create unique index if not exists outbox_message_key_idx on outbox (message_key)
    where message_key is not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop index if exists outbox_message_key_idx').execute(db);
  await sql.raw('alter table outbox drop column if exists message_key').execute(db);
  for (const table of ['alert_cursors', 'alert_deliveries', 'alerts', 'alert_channels']) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
