import pg from 'pg';
import { nameFor } from './prepared-statements.js';

/*
 * PostgreSQL with several hosts, only the writable one used (README "Running several instances").
 * pg's Client connects to one host, and its connection-string parser refuses libpq's multi-host
 * form ('Invalid URL'); this is the small loop libpq runs for `target_session_attrs=read-write`:
 * hosts are tried in order from the last good one, and a connection is kept only if its session
 * accepts writes, so after a failover new connections find the promoted standby by themselves.
 */

/** No host of DATABASE_URL accepted a connection that can write (all down, or standbys). */
export class NoWritableDatabaseError extends Error {
  readonly code = 'NO_WRITABLE_DATABASE';
  constructor(cause?: unknown) {
    super('No writable database host is reachable', { cause });
    this.name = 'NoWritableDatabaseError';
  }
}

/** A host answered but its session is read-only (a standby, or a primary being demoted). */
export class ReadOnlyHostError extends Error {
  readonly code = 'READ_ONLY_HOST';
  constructor(readonly host: string) {
    super(`Database host ${host} is read-only`);
    this.name = 'ReadOnlyHostError';
  }
}

const urlPattern = /^(postgres(?:ql)?:\/\/)([^/?#]*)(.*)$/s;
const hostPattern = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/;

/**
 * Splits libpq's multi-host URL, `postgres://user:pass@h1:5432,h2:5432/db?…`, into one single-host
 * URL per host, in order. `target_session_attrs` may only ask for a writable session (the
 * middleware writes); it is taken out, since pg does not know it. Throws an Error whose message
 * never contains the URL (it may hold a password).
 */
export function splitHostUrls(url: string): string[] {
  const match = urlPattern.exec(url.trim());
  if (!match) throw new Error('must be a postgres:// or postgresql:// URL');
  const [, scheme, authority = '', rest = ''] = match;
  const at = authority.lastIndexOf('@');
  const userinfo = at === -1 ? '' : authority.slice(0, at + 1);
  const hostList = authority.slice(at + 1);
  const [pathPart = '', ...queryParts] = rest.split('?');
  const query = new URLSearchParams(queryParts.join('?'));
  const attrs = query.get('target_session_attrs');
  if (attrs !== null && attrs !== 'read-write' && attrs !== 'primary')
    throw new Error(
      `target_session_attrs must be read-write (the middleware writes), not '${attrs.slice(0, 20)}'`,
    );
  query.delete('target_session_attrs');
  const tail = `${pathPart}${query.size > 0 ? `?${query.toString()}` : ''}`;
  const hosts = hostList.split(',');
  return hosts.map((host, index) => {
    const hostMatch = hostPattern.exec(host);
    const port = hostMatch?.[2] === undefined ? undefined : Number(hostMatch[2]);
    if (!hostMatch || (port !== undefined && (port < 1 || port > 65535)))
      throw new Error(
        hosts.length > 1
          ? `host ${index + 1} of ${hosts.length} must be host or host:port`
          : 'must name one host or several, as host or host:port: postgres://user@db.example.com:5432/ajo',
      );
    const single = `${scheme}${userinfo}${host}${tail}`;
    try {
      new URL(single);
    } catch {
      throw new Error(`host ${index + 1} does not make a valid URL`);
    }
    return single;
  });
}

/** Host and port of a single-host URL, for logs (never the password). */
function describe(url: string): string {
  const { hostname, port } = new URL(url);
  return `${hostname}:${port || '5432'}`;
}

export interface ReadWritePoolOptions {
  url: string;
  max: number;
  /** How long opening one connection may take before the next host is tried. */
  connectTimeoutMs: number;
  /** Server-side limit on one statement (statement_timeout). */
  statementTimeoutMs: number;
  /** Server-side limit on a transaction left open and idle (idle_in_transaction_session_timeout). */
  idleInTransactionTimeoutMs: number;
  types?: pg.CustomTypesConfig;
  log?: { warn(obj: object, msg?: string): void };
}

/**
 * A pg.Pool over the hosts of `url` that hands out only connections that can write. Every client
 * listens for its own 'error' for its whole life: pg emits one when the server goes away while the
 * client is checked out between two statements, and an 'error' nobody listens to ends the process.
 * The statement that comes next fails instead (and is answered 503), and the pool drops the client.
 */
export function createReadWritePool(options: ReadWritePoolOptions): pg.Pool {
  const hostUrls = splitHostUrls(options.url);
  const names = hostUrls.map(describe);
  // Where new connections go first: the host that last gave a writable session.
  let preferred = 0;
  const failed = (index: number) => {
    if (preferred === index) preferred = (index + 1) % hostUrls.length;
  };
  const onLost = (index: number) => (error: Error) =>
    options.log?.warn(
      {
        host: names[index],
        err: { message: error.message, code: (error as { code?: string }).code },
      },
      'PostgreSQL connection lost',
    );

  class HostClient extends pg.Client {
    readonly hostIndex: number;
    constructor(config: pg.ClientConfig) {
      const hostIndex = preferred;
      // The connect timeout is the client's own: pg-pool's would also bound the wait for a free
      // connection of a busy pool, turning load into 503s.
      super({
        ...config,
        connectionString: hostUrls[hostIndex],
        connectionTimeoutMillis: options.connectTimeoutMs,
      });
      this.hostIndex = hostIndex;
      this.on('error', onLost(hostIndex));
    }

    /** The statements this connection keeps prepared (src/db/prepared-statements.ts). */
    private readonly prepared = new Set<string>();

    // Kysely's driver calls query(text, values): such a call is sent as a named statement when
    // it qualifies; every other form of call goes to pg as it came.
    override query(...args: unknown[]): never {
      const [text, values] = args;
      if (args.length === 2 && typeof text === 'string') {
        const name = nameFor(text, values, this.prepared);
        if (name) return super.query({ name, text, values: values as unknown[] }) as never;
      }
      return (super.query as (...a: unknown[]) => unknown).apply(this, args) as never;
    }

    // pg-pool opens its clients with a callback; a host that refuses or times out sends the
    // next connection to the host after it.
    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error) => void): void;
    override connect(callback?: (err: Error) => void): Promise<pg.Client> | void {
      if (!callback) {
        return new Promise<pg.Client>((resolve, reject) =>
          this.connect((err: Error | null) => (err ? reject(err) : resolve(this))),
        );
      }
      super.connect((err: Error | null) => {
        if (err) failed(this.hostIndex);
        callback(err as Error);
      });
    }
  }

  class ReadWritePool extends pg.Pool {
    /** Tries each host at most once (from the preferred one) for a writable connection. */
    override async connect(): Promise<pg.PoolClient>;
    override async connect(
      callback: (
        err: Error | undefined,
        client: pg.PoolClient | undefined,
        done: () => void,
      ) => void,
    ): Promise<void>;
    override async connect(
      callback?: (
        err: Error | undefined,
        client: pg.PoolClient | undefined,
        done: () => void,
      ) => void,
    ): Promise<pg.PoolClient | void> {
      if (callback) {
        this.connect().then(
          (client) => callback(undefined, client, () => client.release()),
          (error: Error) => callback(error, undefined, () => undefined),
        );
        return;
      }
      let lastError: unknown;
      for (let attempt = 0; attempt < hostUrls.length; attempt++) {
        try {
          return await super.connect();
        } catch (error) {
          // Only a host that is down or read-only sends us to the next one; a wrong password or
          // a missing database is the same on every host and is reported as it is.
          if (!isDatabaseUnavailable(error)) throw error;
          lastError = error;
        }
      }
      throw new NoWritableDatabaseError(lastError);
    }
  }

  return new ReadWritePool({
    Client: HostClient as unknown as typeof pg.Client,
    max: options.max,
    statement_timeout: options.statementTimeoutMs,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs,
    keepAlive: true,
    ...(options.types ? { types: options.types } : {}),
    // pg runs this before handing out a new connection; a throw ends it and fails the connect.
    onConnect: async (client: pg.ClientBase) => {
      const index = (client as unknown as HostClient).hostIndex;
      const { rows } = await client.query<{ read_only: string }>(
        "select current_setting('transaction_read_only') as read_only",
      );
      if (rows[0]?.read_only !== 'off') {
        failed(index);
        throw new ReadOnlyHostError(names[index] ?? String(index));
      }
    },
  } as pg.PoolConfig);
}

const unavailableNodeCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
  'NO_WRITABLE_DATABASE',
  'READ_ONLY_HOST',
]);

/*
 * SQLSTATEs of a database that is going, gone or not writable, after which trying again (soon,
 * maybe on another host) is the answer: class 08 connection exceptions; 57P01–57P03 shutdown,
 * crash and start-up; 25006 a write sent to a read-only session; 25P03 a transaction left idle too
 * long (its connection is closed); 57014 a statement cancelled by statement_timeout; 53300 no
 * connection slot free.
 */
const unavailableSqlStates = new Set([
  '57P01',
  '57P02',
  '57P03',
  '25006',
  '25P03',
  '57014',
  '53300',
]);

const unavailableMessages = [
  /^Connection terminated/,
  /not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
];

/**
 * True for a transaction PostgreSQL rolled back to break a deadlock (40P01) or a serialization
 * conflict (40001): nothing of it was kept and the same call may simply run again, so it is
 * answered 503 like an unreachable database, and a money call's claim is released, not kept.
 */
export function isTransientConflict(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (code === '40P01' || code === '40001') return true;
  return isTransientConflict(error.cause, depth + 1);
}

/**
 * True for an error that says the database is unreachable, going down or read-only, rather than
 * that the request or the code is wrong: the caller answers 503 and the client tries again.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (unavailableNodeCodes.has(code) || unavailableSqlStates.has(code) || code.startsWith('08'))
      return true;
  }
  if (unavailableMessages.some((pattern) => pattern.test(error.message))) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))
  )
    return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
