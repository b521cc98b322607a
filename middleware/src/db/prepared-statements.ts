import { createHash } from 'node:crypto';

/*
 * Statements kept prepared on each PostgreSQL connection (docs/decisions/040-statements-kept-prepared.md).
 * Kysely sends every statement unnamed, so PostgreSQL parses and plans it again on each call: on the
 * money path planning took longer than execution (1.6 ms against 1.4 ms for a wallet-to-wallet
 * transfer, `bench/money-statements.ts`). A statement sent with a name is parsed once per
 * connection, and after a few executions PostgreSQL may keep a generic plan.
 */

/** Distinct statements a connection keeps prepared; past it, statements go unnamed. */
export const PREPARED_PER_CONNECTION = 256;

/**
 * A statement whose result columns are `*` is never kept prepared: a column added by a migration
 * while this instance runs would change its result type, and PostgreSQL then refuses the cached
 * statement ("cached plan must not change result type") until the connection ends.
 */
const starColumns = /(^|[\s,.])\*(?![)\w])/;

/** The name a statement is prepared under: the same text, the same name, on every connection. */
export function statementName(text: string): string {
  return `k${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
}

/**
 * What to send for `text` with `values` on a connection that has already prepared `prepared`:
 * a name when the statement qualifies and the connection has room (the name is then added), or
 * none (sent unnamed, as before). Statements without parameters (BEGIN, COMMIT, SET) stay unnamed:
 * they go by the simple protocol and have nothing to plan.
 */
export function nameFor(text: string, values: unknown, prepared: Set<string>): string | undefined {
  if (!Array.isArray(values) || values.length === 0) return undefined;
  if (starColumns.test(text)) return undefined;
  const name = statementName(text);
  if (prepared.has(name)) return name;
  if (prepared.size >= PREPARED_PER_CONNECTION) return undefined;
  prepared.add(name);
  return name;
}
