// The registry's PostgreSQL pool over libpq's multi-host URL (README "Running several instances"):
// `postgres://u@h1:5432,h2:5432/db?target_session_attrs=read-write`. pg connects to one host and
// refuses that form ('Invalid URL'); this is the same small loop as the middleware's
// (middleware/src/db/postgres-pool.ts): hosts tried in order from the last good one, a connection
// kept only if its session can write, and every client listening for its own 'error' (a connection
// lost while checked out would otherwise end the process).
import pg from 'pg';

const urlPattern = /^(postgres(?:ql)?:\/\/)([^/?#]*)(.*)$/s;
const hostPattern = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/;

/** One single-host URL per host of `url`, in order; target_session_attrs may only ask for writes. */
export function splitHostUrls(url: string): string[] {
  const match = urlPattern.exec(String(url).trim());
  if (!match) throw new Error('REGISTRY_DATABASE_URL must be a postgres:// or postgresql:// URL');
  const [, scheme, authority = '', rest = ''] = match;
  const at = authority.lastIndexOf('@');
  const userinfo = at === -1 ? '' : authority.slice(0, at + 1);
  const [pathPart = '', ...queryParts] = rest.split('?');
  const query = new URLSearchParams(queryParts.join('?'));
  const attrs = query.get('target_session_attrs');
  if (attrs !== null && attrs !== 'read-write' && attrs !== 'primary')
    throw new Error('REGISTRY_DATABASE_URL target_session_attrs must be read-write');
  query.delete('target_session_attrs');
  const tail = `${pathPart}${query.size > 0 ? `?${query.toString()}` : ''}`;
  return authority
    .slice(at + 1)
    .split(',')
    .map((host, index) => {
      if (!hostPattern.test(host))
        throw new Error(`REGISTRY_DATABASE_URL host ${index + 1} must be host or host:port`);
      return `${scheme}${userinfo}${host}${tail}`;
    });
}

const goneCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  'READ_ONLY_HOST',
]);
type PgError = { code?: string; message?: string; cause?: unknown } | null | undefined;
const isHostGone = (error: PgError): boolean =>
  Boolean(error) &&
  error != null &&
  (goneCodes.has(error.code ?? '') ||
    String(error.code ?? '').startsWith('08') ||
    /^Connection terminated/.test(error.message ?? '') ||
    isHostGone(error.cause as PgError));

/** A pg.Pool over every host of `url` that hands out only connections that can write. */
export function readWritePool(url: string, options: pg.PoolConfig = {}): pg.Pool {
  const hostUrls = splitHostUrls(url);
  let preferred = 0;
  const failed = (index: number) => {
    if (preferred === index) preferred = (index + 1) % hostUrls.length;
  };
  class HostClient extends pg.Client {
    hostIndex: number;
    constructor(config: pg.ClientConfig) {
      const hostIndex = preferred;
      super({ ...config, connectionString: hostUrls[hostIndex] });
      this.hostIndex = hostIndex;
      this.on('error', () => undefined);
    }
    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error) => void): void;
    override connect(callback?: (err: Error) => void): Promise<pg.Client> | void {
      if (!callback)
        return new Promise<pg.Client>((resolve, reject) =>
          this.connect((err: Error | null) => (err ? reject(err) : resolve(this))),
        );
      super.connect((err: Error | null) => {
        if (err) failed(this.hostIndex);
        callback(err as Error);
      });
    }
  }
  type Done = (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void;
  class ReadWritePool extends pg.Pool {
    override connect(): Promise<pg.PoolClient>;
    override connect(callback: Done): void;
    override connect(callback?: Done): Promise<pg.PoolClient> | void {
      if (callback) {
        this.connectToWritable().then(
          (client) => callback(undefined, client, () => client.release()),
          (error: Error) => callback(error),
        );
        return;
      }
      return this.connectToWritable();
    }
    private async connectToWritable(): Promise<pg.PoolClient> {
      let lastError: unknown;
      for (let attempt = 0; attempt < hostUrls.length; attempt++) {
        try {
          return await super.connect();
        } catch (error) {
          if (!isHostGone(error as PgError)) throw error;
          lastError = error;
        }
      }
      throw lastError;
    }
  }
  return new ReadWritePool({
    ...options,
    Client: HostClient as unknown as typeof pg.Client,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5000,
    onConnect: async (client: pg.ClientBase) => {
      const { rows } = await client.query<{ read_only: string }>(
        "select current_setting('transaction_read_only') as read_only",
      );
      if (rows[0]?.read_only !== 'off') {
        failed((client as unknown as HostClient).hostIndex);
        throw Object.assign(new Error('database host is read-only'), { code: 'READ_ONLY_HOST' });
      }
    },
  } as pg.PoolConfig);
}
