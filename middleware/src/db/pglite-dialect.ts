import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { PgliteWorkerClient } from './pglite-client.js';

/**
 * Kysely dialect for PGlite running in a worker thread. PGlite is a single connection, so the
 * driver hands out one connection at a time: a transaction holds it from BEGIN to COMMIT and every
 * other query waits its turn (FIFO), which gives the ledger the same isolation as a real server.
 */
export class PgliteWorkerDialect implements Dialect {
  constructor(
    private readonly dataDir: string,
    /** How long a query may wait for the single connection before failing (default 60 s). */
    private readonly acquireTimeoutMs = 60_000,
  ) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PgliteWorkerDriver(this.dataDir, this.acquireTimeoutMs);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

class PgliteWorkerDriver implements Driver {
  private client?: PgliteWorkerClient;
  private connection?: PgliteConnection;
  private busy = false;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly dataDir: string,
    private readonly acquireTimeoutMs: number,
  ) {}

  async init(): Promise<void> {
    this.client = new PgliteWorkerClient(this.dataDir);
    try {
      await this.client.open();
    } catch (error) {
      await this.client.close().catch(() => undefined);
      throw error;
    }
    this.connection = new PgliteConnection(this.client);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.connection) throw new Error('The database is closed');
    if (this.busy) await this.waitForTurn();
    this.busy = true;
    return this.connection;
  }

  /*
   * With one connection, a query made through `db` inside `db.transaction().execute(trx => ...)`
   * waits for the transaction that waits for it: a deadlock that PostgreSQL's pool would hide.
   * Fail loudly instead of hanging.
   */
  private waitForTurn(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(turn);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(
          new Error(
            `Waited ${this.acquireTimeoutMs} ms for the PGlite connection. Is a query inside a ` +
              'transaction using `db` instead of its `trx`?',
          ),
        );
      }, this.acquireTimeoutMs);
      timer.unref();
      this.waiting.push(turn);
    });
  }

  async releaseConnection(): Promise<void> {
    const next = this.waiting.shift();
    // Hand the connection straight to the next waiter (busy stays true) so nobody can jump the queue.
    if (next) next();
    else this.busy = false;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let begin = 'begin';
    if (settings.isolationLevel) begin += ` isolation level ${settings.isolationLevel}`;
    if (settings.accessMode) begin += ` ${settings.accessMode}`;
    await conn.executeQuery(CompiledQuery.raw(begin));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(name)}`));
  }

  async rollbackToSavepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdent(name)}`));
  }

  async releaseSavepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdent(name)}`));
  }

  async destroy(): Promise<void> {
    // Wait for the running query/transaction to hand the connection back before closing.
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.connection = undefined;
    await this.client?.close();
    this.client = undefined;
  }
}

// Structured clone rebuilds Dates with the main realm's constructor, which is not the one a jest
// vm context (or any other realm) sees; re-create them here so `instanceof Date` always holds.
function reviveDates(row: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(row)) {
    if (Object.prototype.toString.call(value) === '[object Date]' && !(value instanceof Date)) {
      row[key] = new Date((value as Date).getTime());
    }
  }
  return row;
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

class PgliteConnection implements DatabaseConnection {
  constructor(private readonly client: PgliteWorkerClient) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.client.query(compiledQuery.sql, compiledQuery.parameters);
    // PGlite reports no command tag; a plain select never affects rows.
    const isWrite = !/^\s*select\b/i.test(compiledQuery.sql);
    return {
      rows: result.rows.map(reviveDates) as R[],
      ...(isWrite ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite');
  }
}
