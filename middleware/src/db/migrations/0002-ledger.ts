import { sql, type Kysely } from 'kysely';

/*
 * The double-entry ledger (docs/architecture.md "The middleware"; owned by src/ledger).
 * Rules the database enforces itself, so that no code path (or hand-written SQL) can break them:
 *  - a wallet's cached balance never goes below zero (CHECK);
 *  - every entry balances, sum of signed postings = 0, checked at COMMIT by deferred triggers;
 *  - entries and postings are append-only (UPDATE/DELETE/TRUNCATE raise);
 *  - a reference is applied once (UNIQUE), an entry is reversed at most once (UNIQUE).
 * One statement per call: PGlite's extended protocol runs a single statement per query.
 */
const WALLETS = `('customer_wallet', 'commission_wallet')`;
const TYPES = `('customer_wallet', 'commission_wallet', 'bank_settlement', 'bill_payables',
  'card_checkout_clearing', 'cash_agent_float', 'commission_pool', 'fees')`;
const ENTRY_TYPES = `('intra-inward', 'intra-outward', 'inter-inward', 'inter-outward', 'airtime',
  'data', 'electricity', 'funding', 'reward', 'reversal')`;

// The whole money path in one call (one round trip, cached plans): resolve the accounts, lock
// them in id order (no deadlocks between opposite transfers), check status and funds on the
// locked rows, then write entry, postings and cached balances. Refusals come back as an outcome,
// not an exception, so src/ledger can look for an earlier use of the reference first.
// The lock is a parameter so that 0026 can replace it with the same body: this migration created
// it with FOR UPDATE, as it ran then (docs/decisions/037-money-locks-leave-foreign-keys-alone.md).
export function applyEntryFunction(
  lock: 'for update' | 'for no key update',
  replace = false,
): string {
  return `${replace ? 'create or replace' : 'create'} function ledger_apply_entry(
    p_reference text, p_type text, p_narration text, p_metadata jsonb, p_reverses_entry_id uuid,
    p_accounts text[], p_amounts bigint[], p_allow_credit_to_blocked boolean
  ) returns table (out_outcome text, out_account text, out_is_wallet boolean, out_entry_id uuid,
                   out_created_at timestamptz, out_account_ids text)
  language plpgsql as $$
  declare
    ids uuid[] := '{}';
    ref text;
    found_id uuid;
    acc record;
    leg_amount bigint;
    short_of_funds boolean := false;
    new_id uuid;
    new_created timestamptz;
  begin
    foreach ref in array p_accounts loop
      found_id := null;
      if ref ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        select a.id into found_id from ledger_accounts a where a.id = ref::uuid;
      elsif ref ~ '^[0-9]{10}$' then
        select a.id into found_id from ledger_accounts a where a.account_number = ref;
      else
        select a.id into found_id from ledger_accounts a
          where a.type = ref and a.type not in ${WALLETS};
      end if;
      if found_id is null or found_id = any (ids) then
        return query select case when found_id is null then 'account_not_found'
          else 'duplicate_account' end, ref, null::boolean, null::uuid, null::timestamptz, null::text;
        return;
      end if;
      ids := ids || found_id;
    end loop;

    for acc in select a.id, a.type, a.status, a.balance_kobo from ledger_accounts a
        where a.id = any (ids) order by a.id ${lock} loop
      leg_amount := p_amounts[array_position(ids, acc.id)];
      if acc.status = 'closed'
          or (acc.status = 'blocked' and not (leg_amount > 0 and p_allow_credit_to_blocked)) then
        return query select 'account_' || acc.status, acc.id::text, acc.type in ${WALLETS},
          null::uuid, null::timestamptz, null::text;
        return;
      end if;
      if acc.type in ${WALLETS} and acc.balance_kobo + leg_amount < 0 then
        short_of_funds := true;
      end if;
    end loop;
    if short_of_funds then
      return query select 'insufficient_funds'::text, null::text, true, null::uuid,
        null::timestamptz, null::text;
      return;
    end if;

    -- ON CONFLICT DO NOTHING waits for a racing transaction holding the same reference.
    insert into ledger_entries (reference, type, narration, metadata, reverses_entry_id)
      values (p_reference, p_type, p_narration, p_metadata, p_reverses_entry_id)
      on conflict (reference) do nothing
      returning id, created_at into new_id, new_created;
    if new_id is null then
      return query select 'reference_taken'::text, null::text, null::boolean, null::uuid,
        null::timestamptz, null::text;
      return;
    end if;
    insert into ledger_postings (entry_id, account_id, amount_kobo)
      select new_id, v.id, v.amount from unnest(ids, p_amounts) as v (id, amount);
    update ledger_accounts a set balance_kobo = a.balance_kobo + v.amount, updated_at = now()
      from unnest(ids, p_amounts) as v (id, amount) where a.id = v.id;
    return query select 'applied'::text, null::text, null::boolean, new_id, new_created,
      array_to_string(ids, ',');
  end $$`;
}

const statements = [
  `create table ledger_accounts (
    id uuid primary key default gen_random_uuid(),
    account_number varchar(10) unique check (account_number ~ '^[0-9]{10}$'),
    type text not null check (type in ${TYPES}),
    name text not null,
    owner_user_id uuid references users (id),
    product_id integer,
    currency char(3) not null default 'NGN' check (currency = 'NGN'),
    status text not null default 'active' check (status in ('active', 'blocked', 'closed')),
    balance_kobo bigint not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint ledger_accounts_wallet_not_negative
      check (type not in ${WALLETS} or balance_kobo >= 0),
    constraint ledger_accounts_wallet_has_number
      check ((type in ${WALLETS}) = (account_number is not null))
  )`,
  // One account per system type: ensureSystemAccounts() relies on it to stay idempotent.
  `create unique index ledger_accounts_one_per_system_type on ledger_accounts (type)
    where type not in ${WALLETS}`,
  `create index ledger_accounts_owner_idx on ledger_accounts (owner_user_id)
    where owner_user_id is not null`,
  `create table ledger_entries (
    id uuid primary key default gen_random_uuid(),
    reference varchar(100) not null unique check (length(reference) > 0),
    type text not null check (type in ${ENTRY_TYPES}),
    narration varchar(200) not null,
    metadata jsonb,
    reverses_entry_id uuid unique references ledger_entries (id),
    created_at timestamptz not null default clock_timestamp(),
    constraint ledger_entries_reversal_links
      check ((type = 'reversal') = (reverses_entry_id is not null))
  )`,
  `create table ledger_postings (
    id bigint generated always as identity primary key,
    entry_id uuid not null references ledger_entries (id),
    account_id uuid not null references ledger_accounts (id),
    amount_kobo bigint not null check (amount_kobo <> 0),
    constraint ledger_postings_one_per_account unique (entry_id, account_id)
  )`,
  `create index ledger_postings_account_idx on ledger_postings (account_id, id desc)`,
  // SQLSTATE LG001: the only way to see it is SQL that bypasses src/ledger.
  `create function ledger_assert_entry_balanced(target uuid) returns void language plpgsql as $$
  declare
    legs integer;
    total numeric;
  begin
    select count(*), coalesce(sum(amount_kobo), 0) into legs, total
      from ledger_postings where entry_id = target;
    if legs < 2 or total <> 0 then
      raise exception 'ledger entry % is unbalanced (% postings, sum % kobo)', target, legs, total
        using errcode = 'LG001';
    end if;
  end $$`,
  `create function ledger_entry_balanced() returns trigger language plpgsql as $$
  begin
    perform ledger_assert_entry_balanced(new.id);
    return null;
  end $$`,
  `create function ledger_posting_balanced() returns trigger language plpgsql as $$
  begin
    perform ledger_assert_entry_balanced(new.entry_id);
    return null;
  end $$`,
  // Deferred to COMMIT: the legs of an entry are written one after the other.
  `create constraint trigger ledger_entries_balanced after insert on ledger_entries
    deferrable initially deferred for each row execute function ledger_entry_balanced()`,
  `create constraint trigger ledger_postings_balanced after insert on ledger_postings
    deferrable initially deferred for each row execute function ledger_posting_balanced()`,
  applyEntryFunction('for update'),
  `create function ledger_refuse_change() returns trigger language plpgsql as $$
  begin
    raise exception 'the ledger is append-only: % on % refused', tg_op, tg_table_name
      using errcode = 'LG002';
  end $$`,
  ...['ledger_entries', 'ledger_postings'].flatMap((table) => [
    `create trigger ${table}_append_only before update or delete on ${table}
      for each row execute function ledger_refuse_change()`,
    `create trigger ${table}_no_truncate before truncate on ${table}
      for each statement execute function ledger_refuse_change()`,
  ]),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ledger_postings', 'ledger_entries', 'ledger_accounts']) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
  for (const fn of [
    'ledger_apply_entry(text, text, text, jsonb, uuid, text[], bigint[], boolean)',
    'ledger_entry_balanced()',
    'ledger_posting_balanced()',
    'ledger_assert_entry_balanced(uuid)',
  ]) {
    await sql.raw(`drop function if exists ${fn}`).execute(db);
  }
  await sql.raw('drop function if exists ledger_refuse_change()').execute(db);
}
