import { sql, type Kysely } from 'kysely';
import { applyEntryFunction } from './0002-ledger.js';

/*
 * Debit cards (src/modules/cards) and, for them, authorisation holds in the ledger
 * (docs/decisions/041-authorisation-holds.md).
 * A hold reserves money on a wallet without posting it: ledger_accounts.held_kobo is the cached
 * sum of the account's open holds, and the available balance is balance_kobo - held_kobo. Every
 * spend is checked against the available balance by the ledger itself (ledger_apply_entry below)
 * and by a CHECK, so no money path, old or new, can spend reserved money.
 * One statement per call: PGlite's extended protocol runs a single statement per query.
 * Expand only: a column with a default, a new table, checks widened, functions replaced with
 * bodies the previous release can call (its 8-argument ledger_apply_entry now honours holds).
 */
const WALLETS = `('customer_wallet', 'commission_wallet')`;
const ACCOUNT_TYPES = `('customer_wallet', 'commission_wallet', 'bank_settlement', 'bill_payables',
  'card_checkout_clearing', 'cash_agent_float', 'commission_pool', 'fees', 'outbound_holding',
  'referral_programme', 'card_settlement')`;
const ENTRY_TYPES = `('intra-inward', 'intra-outward', 'inter-inward', 'inter-outward', 'airtime',
  'data', 'electricity', 'cable-tv', 'funding', 'reward', 'reversal', 'card-payment', 'card-refund',
  'card-issuance')`;

/*
 * ledger_apply_entry with a ninth argument: the reference of an open hold the entry clears. The
 * accounts are locked in id order as before (docs/decisions/037-...), then the hold (a hold row is
 * only ever locked after its account, so the two orders never cross). The funds check of every
 * wallet is on its available balance; the cleared hold's own amount counts as available to the
 * entry that clears it. The hold is closed only once the entry is written, in the same statement.
 */
const APPLY_ENTRY_CLEARING_A_HOLD = `create or replace function ledger_apply_entry(
    p_reference text, p_type text, p_narration text, p_metadata jsonb, p_reverses_entry_id uuid,
    p_accounts text[], p_amounts bigint[], p_allow_credit_to_blocked boolean, p_clears_hold text
  ) returns table (out_outcome text, out_account text, out_is_wallet boolean, out_entry_id uuid,
                   out_created_at timestamptz, out_account_ids text)
  language plpgsql as $$
  declare
    ids uuid[] := '{}';
    ref text;
    found_id uuid;
    acc record;
    leg_amount bigint;
    available bigint;
    short_of_funds boolean := false;
    new_id uuid;
    new_created timestamptz;
    hold_id uuid;
    hold_account uuid;
    hold_amount bigint := 0;
    hold_status text;
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

    perform 1 from ledger_accounts a where a.id = any (ids) order by a.id for no key update;

    if p_clears_hold is not null then
      select h.id, h.account_id, h.amount_kobo, h.status
        into hold_id, hold_account, hold_amount, hold_status
        from ledger_holds h where h.reference = p_clears_hold for update;
      if hold_id is null or not (hold_account = any (ids)) then
        return query select 'hold_not_found'::text, p_clears_hold, null::boolean, null::uuid,
          null::timestamptz, null::text;
        return;
      end if;
      if hold_status <> 'open' then
        -- A retried clearing finds its entry (the caller replays it), anything else a closed hold.
        return query select case when exists (select 1 from ledger_entries e
            where e.reference = p_reference) then 'reference_taken' else 'hold_' || hold_status end,
          p_clears_hold, null::boolean, null::uuid, null::timestamptz, null::text;
        return;
      end if;
    end if;

    for acc in select a.id, a.type, a.status, a.balance_kobo, a.held_kobo from ledger_accounts a
        where a.id = any (ids) order by a.id loop
      leg_amount := p_amounts[array_position(ids, acc.id)];
      if acc.status = 'closed'
          or (acc.status = 'blocked' and not (leg_amount > 0 and p_allow_credit_to_blocked)) then
        return query select 'account_' || acc.status, acc.id::text, acc.type in ${WALLETS},
          null::uuid, null::timestamptz, null::text;
        return;
      end if;
      -- Held money is not available, except the cleared hold's own to the entry clearing it.
      available := acc.balance_kobo - acc.held_kobo;
      if acc.id = hold_account then
        available := available + hold_amount;
      end if;
      if acc.type in ${WALLETS} and available + leg_amount < 0 then
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
    update ledger_accounts a set balance_kobo = a.balance_kobo + v.amount,
        held_kobo = a.held_kobo - case when a.id = hold_account then hold_amount else 0 end,
        updated_at = now()
      from unnest(ids, p_amounts) as v (id, amount) where a.id = v.id;
    if hold_id is not null then
      update ledger_holds set status = 'cleared', cleared_entry_id = new_id,
          closed_at = clock_timestamp()
        where id = hold_id;
    end if;
    return query select 'applied'::text, null::text, null::boolean, new_id, new_created,
      array_to_string(ids, ',');
  end $$`;

// The previous signature stays, for the previous release during a rolling deploy: same answer,
// now on the available balance.
const APPLY_ENTRY_WITHOUT_HOLD = `create or replace function ledger_apply_entry(
    p_reference text, p_type text, p_narration text, p_metadata jsonb, p_reverses_entry_id uuid,
    p_accounts text[], p_amounts bigint[], p_allow_credit_to_blocked boolean
  ) returns table (out_outcome text, out_account text, out_is_wallet boolean, out_entry_id uuid,
                   out_created_at timestamptz, out_account_ids text)
  language sql as $$
    select * from ledger_apply_entry(p_reference, p_type, p_narration, p_metadata,
      p_reverses_entry_id, p_accounts, p_amounts, p_allow_credit_to_blocked, null::text)
  $$`;

// Reserves money on a wallet: the wallet locked as a money call locks it, refused unless active
// and unless the available balance covers the amount. The reference is the caller's idempotency
// key, as for entries: a second call finds 'reference_taken' and replays the first hold.
const PLACE_HOLD = `create function ledger_place_hold(
    p_reference text, p_account text, p_amount bigint, p_expires_at timestamptz, p_metadata jsonb
  ) returns table (out_outcome text, out_hold_id uuid, out_account_id uuid)
  language plpgsql as $$
  declare
    acc record;
    new_id uuid;
  begin
    if p_account ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      select a.id, a.type, a.status, a.balance_kobo, a.held_kobo into acc
        from ledger_accounts a where a.id = p_account::uuid for no key update;
    else
      select a.id, a.type, a.status, a.balance_kobo, a.held_kobo into acc
        from ledger_accounts a where a.account_number = p_account for no key update;
    end if;
    if acc.id is null or acc.type not in ${WALLETS} then
      return query select 'account_not_found'::text, null::uuid, null::uuid;
      return;
    end if;
    if acc.status <> 'active' then
      return query select 'account_' || acc.status, null::uuid, acc.id;
      return;
    end if;
    if acc.balance_kobo - acc.held_kobo - p_amount < 0 then
      return query select 'insufficient_funds'::text, null::uuid, acc.id;
      return;
    end if;
    insert into ledger_holds (reference, account_id, amount_kobo, expires_at, metadata)
      values (p_reference, acc.id, p_amount, p_expires_at, p_metadata)
      on conflict (reference) do nothing
      returning id into new_id;
    if new_id is null then
      return query select 'reference_taken'::text, null::uuid, acc.id;
      return;
    end if;
    update ledger_accounts set held_kobo = held_kobo + p_amount, updated_at = now()
      where id = acc.id;
    return query select 'placed'::text, new_id, acc.id;
  end $$`;

// Gives reserved money back: the account locked first, then the hold, as everywhere.
const RELEASE_HOLD = `create function ledger_release_hold(p_reference text)
  returns table (out_outcome text, out_status text)
  language plpgsql as $$
  declare
    hold_account uuid;
    h record;
  begin
    select account_id into hold_account from ledger_holds where reference = p_reference;
    if hold_account is null then
      return query select 'hold_not_found'::text, null::text;
      return;
    end if;
    perform 1 from ledger_accounts where id = hold_account for no key update;
    select id, amount_kobo, status into h from ledger_holds
      where reference = p_reference for update;
    if h.status <> 'open' then
      return query select 'not_open'::text, h.status;
      return;
    end if;
    update ledger_holds set status = 'released', closed_at = clock_timestamp() where id = h.id;
    update ledger_accounts set held_kobo = held_kobo - h.amount_kobo, updated_at = now()
      where id = hold_account;
    return query select 'released'::text, 'released'::text;
  end $$`;

const statements = [
  `alter table ledger_accounts add column held_kobo bigint not null default 0`,
  `alter table ledger_accounts
    add constraint ledger_accounts_held_not_negative check (held_kobo >= 0),
    add constraint ledger_accounts_wallet_holds_covered
      check (type not in ${WALLETS} or balance_kobo - held_kobo >= 0),
    drop constraint ledger_accounts_type_check,
    add constraint ledger_accounts_type_check check (type in ${ACCOUNT_TYPES})`,
  `alter table ledger_entries drop constraint ledger_entries_type_check,
    add constraint ledger_entries_type_check check (type in ${ENTRY_TYPES})`,
  `create table ledger_holds (
    id uuid primary key default gen_random_uuid(),
    reference varchar(100) not null unique check (length(reference) > 0),
    account_id uuid not null references ledger_accounts (id),
    amount_kobo bigint not null check (amount_kobo > 0),
    status text not null default 'open' check (status in ('open', 'cleared', 'released')),
    -- On the app clock (the release job compares it with the app clock).
    expires_at timestamptz not null,
    metadata jsonb,
    -- On the database clock, as ledger entries: the daily limit counts holds by it.
    created_at timestamptz not null default clock_timestamp(),
    closed_at timestamptz,
    cleared_entry_id uuid unique references ledger_entries (id),
    constraint ledger_holds_cleared_has_entry
      check ((status = 'cleared') = (cleared_entry_id is not null)),
    constraint ledger_holds_closed_at check ((status = 'open') = (closed_at is null))
  )`,
  `create index ledger_holds_open_expiry_idx on ledger_holds (expires_at) where status = 'open'`,
  `create index ledger_holds_account_idx on ledger_holds (account_id, created_at)`,
  // The customer's cards (src/modules/cards). The card number is kept encrypted (pan_sealed,
  // AES-256-GCM) and found by its keyed digest (pan_digest); the card PIN only as a hash.
  `create table cards (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id),
    wallet_account_id uuid not null references ledger_accounts (id),
    -- The money call's ledger reference: one request issues one card of each kind.
    request_reference varchar(100) not null,
    kind text not null check (kind in ('virtual', 'physical')),
    status text not null check (status in ('inactive', 'active', 'frozen', 'blocked', 'reported')),
    pan_digest varchar(64) not null unique,
    pan_sealed text not null,
    last4 char(4) not null,
    expiry_month smallint not null check (expiry_month between 1 and 12),
    expiry_year smallint not null,
    card_pin_hash text,
    -- App clock, as every time below.
    issued_at timestamptz not null,
    activate_by timestamptz,
    activated_at timestamptz,
    activation_failures smallint not null default 0,
    blocked_at timestamptz,
    reported_at timestamptz,
    delivery_status text check (delivery_status in ('requested', 'printed', 'dispatched',
      'delivered')),
    delivery_address jsonb,
    delivery_updated_at timestamptz,
    fee_kobo bigint not null default 0,
    delivery_kobo bigint not null default 0,
    constraint cards_one_per_kind_per_request unique (request_reference, kind),
    constraint cards_physical_is_delivered
      check ((kind = 'physical') = (delivery_status is not null and activate_by is not null))
  )`,
  `create index cards_user_idx on cards (user_id, issued_at)`,
  `create index cards_delivery_idx on cards (delivery_status, delivery_updated_at)
    where delivery_status in ('requested', 'printed', 'dispatched')`,
  // What the card network sent about a card (src/modules/cards/card-transactions.ts): one row per
  // network reference (a duplicate is answered from it), with its state in the wallet's history.
  `create table card_transactions (
    network_reference varchar(64) primary key,
    card_id uuid references cards (id),
    kind text not null check (kind in ('authorisation', 'offline')),
    amount_kobo bigint not null check (amount_kobo > 0),
    merchant varchar(100) not null,
    response_code char(2) not null,
    state text not null check (state in ('declined', 'authorised', 'posted', 'reversed',
      'released', 'refunded')),
    hold_reference varchar(100) unique,
    posted_amount_kobo bigint,
    -- Not the customer's: after a loss report, SPEC §4 (marked, and refunded).
    customer_liable boolean not null default true,
    -- App clock, as every time below.
    transaction_at timestamptz not null,
    -- The sandbox network's own state: when it presents the clearing (1 to 5 working days).
    sandbox_clear_after timestamptz,
    updated_at timestamptz not null
  )`,
  `create index card_transactions_card_idx on card_transactions (card_id, transaction_at)`,
  `create index card_transactions_clearing_idx on card_transactions (sandbox_clear_after)
    where state = 'authorised'`,
  APPLY_ENTRY_CLEARING_A_HOLD,
  APPLY_ENTRY_WITHOUT_HOLD,
  PLACE_HOLD,
  RELEASE_HOLD,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

// The checks stay wide (rows of the new types may exist); the rest is dropped.
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(applyEntryFunction('for no key update', true)).execute(db);
  for (const fn of [
    'ledger_apply_entry(text, text, text, jsonb, uuid, text[], bigint[], boolean, text)',
    'ledger_place_hold(text, text, bigint, timestamptz, jsonb)',
    'ledger_release_hold(text)',
  ]) {
    await sql.raw(`drop function if exists ${fn}`).execute(db);
  }
  await sql.raw('drop table if exists card_transactions').execute(db);
  await sql.raw('drop table if exists cards').execute(db);
  await sql.raw('drop table if exists ledger_holds').execute(db);
  await sql
    .raw(
      `alter table ledger_accounts drop constraint if exists ledger_accounts_wallet_holds_covered,
       drop constraint if exists ledger_accounts_held_not_negative, drop column if exists held_kobo`,
    )
    .execute(db);
}
