import { Worker } from 'node:worker_threads';

export interface WorkerQueryResult {
  rows: Record<string, unknown>[];
  affectedRows: number;
}

/** A PostgreSQL error rebuilt on the main thread, keeping `code` ('23505', '40001', ...). */
export class DatabaseError extends Error {
  code?: string;
  detail?: string;
  constraint?: string;
  table?: string;
  column?: string;
  severity?: string;
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/**
 * Talks to src/db/pglite-worker.mjs. One request at a time is the caller's business (the driver's
 * mutex); this class only matches answers to requests.
 */
export class PgliteWorkerClient {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private exited = false;

  constructor(dataDir: string) {
    this.worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir },
    });
    // Referenced only while a request is pending: an idle, forgotten database never keeps the
    // process alive, and an awaited query always does.
    this.worker.unref();
    this.worker.on(
      'message',
      (msg: { id: number; ok: boolean; result?: unknown; error?: Record<string, unknown> }) => {
        const entry = this.pending.get(msg.id);
        if (!entry) return;
        this.pending.delete(msg.id);
        if (this.pending.size === 0) this.worker.unref();
        if (msg.ok) entry.resolve(msg.result);
        else entry.reject(toDatabaseError(msg.error ?? {}));
      },
    );
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', (code) => {
      this.exited = true;
      this.failAll(new Error(`PGlite worker exited (code ${code})`));
    });
  }

  private failAll(error: Error): void {
    for (const entry of this.pending.values()) entry.reject(error);
    this.pending.clear();
  }

  private request<T>(message: Record<string, unknown>): Promise<T> {
    if (this.exited) return Promise.reject(new Error('The database is closed'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  open(): Promise<void> {
    return this.request({ type: 'open' });
  }

  query(sql: string, params: readonly unknown[]): Promise<WorkerQueryResult> {
    return this.request({ type: 'query', sql, params });
  }

  exec(sql: string): Promise<void> {
    return this.request({ type: 'exec', sql });
  }

  async close(): Promise<void> {
    if (this.exited) return;
    try {
      await this.request({ type: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }
}

function toDatabaseError(fields: Record<string, unknown>): DatabaseError {
  const error = new DatabaseError(String(fields.message ?? 'Database error'));
  for (const [key, value] of Object.entries(fields)) {
    if (key !== 'message' && key !== 'name')
      (error as unknown as Record<string, unknown>)[key] = value;
  }
  return error;
}
