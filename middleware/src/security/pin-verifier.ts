import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { hashingBusy } from './secret-hash-pool.js';

/*
 * The middleware's side of the transaction-PIN verifier (src/security/pin-verifier-worker.mjs,
 * docs/decisions/030-transaction-pins-checked-by-a-keyed-verifier.md): a child process that holds
 * the PIN keys, started on first use and started again if it stops. Requests are numbered and kept
 * until answered; when the process stops, every unanswered one is sent again to the next (hashing
 * and comparing are pure, so asking twice changes nothing), so a restart loses no call. A request
 * that finds no verifier for REQUEST_TIMEOUT_MS is answered 503, as a full hashing pool is.
 * With `socket`, the verifier is not started here: it runs on its own (as another OS user, so that
 * code running as the middleware cannot read the key file) and listens on that Unix socket; a
 * closed connection is then opened again, with the same resending.
 */
export const PIN_RECORD_PREFIX = 'pinmac$';
const RECORD_VERSION = /^pinmac\$v=(\d+)\$/;
const REQUEST_TIMEOUT_MS = 10_000;
/** A process that stops sooner than this after it started is restarted after a pause, growing. */
const HEALTHY_AFTER_MS = 2_000;
const MAX_RESTART_DELAY_MS = 2_000;
const VERIFIER_SCRIPT = fileURLToPath(new URL('./pin-verifier-worker.mjs', import.meta.url));

export interface PinVerifierOptions {
  /** A verifier run on its own, listening on this Unix socket (PIN_VERIFIER_SOCKET). */
  socket?: string;
  /** The key file the verifier reads (PIN_KEY_FILE); the middleware never opens it. */
  keyFile?: string;
  /** Keys given inline (`<version>:<base64>` lines): development and tests only. */
  keys?: string;
  /** The verifier's own limits (src/security/pin-verifier-worker.mjs); its defaults otherwise. */
  missesPerRecord?: number;
  missWindowSeconds?: number;
  ratePerSecond?: number;
  /** The verifier's log level (its lines go to stderr); 'info' if unset. */
  logLevel?: string;
}

type Answer =
  | { id: number; match: boolean; refused?: boolean; current: number }
  | { id: number; record: string; current: number }
  | { id: number; busy: true }
  | { id: number; error: string };

/** A running verifier as this side sees it: a child process, or a connection to one. */
interface Channel {
  write(line: string): void;
  end(): Promise<void>;
  pid?: number;
}

interface Pending {
  line: string;
  sentAt: number;
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
}

export class PinVerifier {
  private child: Channel | null = null;
  private startedAt = 0;
  private restartDelay = 0;
  private restartTimer: NodeJS.Timeout | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  private readonly sweeper: NodeJS.Timeout;
  /** The key version that signs new records, as the running verifier last said. */
  private currentVersion: number | null = null;
  /** How many verifier processes were started (for tests and the benchmark). */
  starts = 0;

  constructor(private readonly options: PinVerifierOptions) {
    this.sweeper = setInterval(() => this.expire(), 1_000);
    this.sweeper.unref();
  }

  /** A new record for `pin`, bound to `subject` (the user id), under the current key. */
  async hash(pin: string, subject: string): Promise<string> {
    const answer = await this.ask({ op: 'hash', pin, subject });
    if ('record' in answer) return answer.record;
    throw new Error('the PIN verifier did not hash the PIN');
  }

  /** Whether `pin` is the PIN of `record` for `subject`. */
  async verify(pin: string, subject: string, record: string): Promise<boolean> {
    const answer = await this.ask({ op: 'verify', pin, subject, record });
    if ('match' in answer) return answer.match;
    // A malformed PIN or subject: no PIN of this user is that, so no match.
    return false;
  }

  /**
   * Whether a record that just matched should be written again: another format (the former scrypt
   * hashes) or an older key version than the verifier signs with now.
   */
  needsUpgrade(record: string): boolean {
    const version = RECORD_VERSION.exec(record);
    if (!version) return true;
    return this.currentVersion !== null && Number(version[1]) !== this.currentVersion;
  }

  /** The running verifier's pid (tests stop it to see that no call is lost). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    if (this.restartTimer) clearTimeout(this.restartTimer);
    for (const [id, request] of this.pending) {
      this.pending.delete(id);
      request.reject(hashingBusy());
    }
    const child = this.child;
    this.child = null;
    await child?.end();
  }

  private ask(request: Record<string, string>): Promise<Answer> {
    if (this.closed) return Promise.reject(hashingBusy());
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      const line = `${JSON.stringify({ id, ...request })}\n`;
      this.pending.set(id, { line, sentAt: Date.now(), resolve, reject });
      // A verifier started now is sent every pending request, this one included.
      if (this.child) this.child.write(line);
      else this.running();
    }).then((answer) => {
      if ('busy' in answer) throw hashingBusy();
      return answer;
    });
  }

  /** The live verifier, started if there is none (null while a restart waits out its pause). */
  private running(): Channel | null {
    if (this.child || this.restartTimer || this.closed) return this.child;
    const channel = this.options.socket ? this.connect(this.options.socket) : this.spawn();
    this.child = channel;
    this.starts += 1;
    this.startedAt = Date.now();
    for (const request of this.pending.values()) channel.write(request.line);
    return channel;
  }

  private listen(output: Readable): void {
    createInterface({ input: output, crlfDelay: Infinity })
      .on('line', (line) => this.receive(line))
      // A cut connection or pipe: the close that follows sends the unanswered requests again.
      .on('error', () => {});
  }

  private spawn(): Channel {
    const env: Record<string, string> = {};
    if (this.options.keyFile) env.PIN_KEY_FILE = this.options.keyFile;
    else if (this.options.keys) env.PIN_KEYS = this.options.keys;
    if (this.options.missesPerRecord)
      env.PIN_VERIFIER_MISSES = String(this.options.missesPerRecord);
    if (this.options.missWindowSeconds)
      env.PIN_VERIFIER_MISS_WINDOW = String(this.options.missWindowSeconds);
    if (this.options.ratePerSecond) env.PIN_VERIFIER_RATE = String(this.options.ratePerSecond);
    if (this.options.logLevel) env.PIN_VERIFIER_LOG_LEVEL = this.options.logLevel;
    // Only what the verifier needs: not the middleware's environment (its other secrets).
    const child = spawn(process.execPath, [VERIFIER_SCRIPT], {
      env,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const channel: Channel = {
      pid: child.pid,
      write: (line) => child.stdin.write(line),
      end: async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.stdin.end();
        await exited;
      },
    };
    // A write to a verifier that just stopped: the exit handler sends the request again.
    child.stdin.on('error', () => {});
    child.on('error', () => {});
    this.listen(child.stdout);
    child.once('exit', () => this.stopped(channel));
    return channel;
  }

  private connect(path: string): Channel {
    const socket = connect(path);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const channel: Channel = {
      write: (line) => socket.write(line),
      end: async () => {
        socket.end();
        await closed;
      },
    };
    // Refused or cut: 'close' follows, and the requests are sent again on the next connection.
    socket.on('error', () => {});
    this.listen(socket);
    socket.once('close', () => this.stopped(channel));
    return channel;
  }

  private receive(line: string): void {
    let answer: Answer & { ready?: true; current?: number };
    try {
      answer = JSON.parse(line) as typeof answer;
    } catch {
      return;
    }
    if (typeof answer.current === 'number') this.currentVersion = answer.current;
    if (answer.ready) return;
    const request = this.pending.get(answer.id);
    if (!request) return;
    this.pending.delete(answer.id);
    request.resolve(answer);
  }

  private stopped(child: Channel): void {
    if (this.child !== child) return;
    this.child = null;
    if (this.closed) return;
    const lived = Date.now() - this.startedAt;
    this.restartDelay =
      lived >= HEALTHY_AFTER_MS
        ? 0
        : Math.min(MAX_RESTART_DELAY_MS, Math.max(50, this.restartDelay * 2));
    const restart = () => {
      this.restartTimer = null;
      if (this.pending.size > 0) this.running();
    };
    if (this.restartDelay === 0) restart();
    else {
      this.restartTimer = setTimeout(restart, this.restartDelay);
      this.restartTimer.unref();
    }
  }

  /** Requests that found no verifier for too long are answered 503. */
  private expire(): void {
    const now = Date.now();
    for (const [id, request] of this.pending) {
      if (now - request.sentAt < REQUEST_TIMEOUT_MS) continue;
      this.pending.delete(id);
      request.reject(hashingBusy());
    }
  }
}
