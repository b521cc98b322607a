import { createHmac, randomBytes, scrypt as libuvScrypt, timingSafeEqual } from 'node:crypto';
import {
  DEFAULT_HASH_QUEUE,
  SecretHashPool,
  type SecretHashPoolOptions,
} from './secret-hash-pool.js';
import { PIN_RECORD_PREFIX, PinVerifier, type PinVerifierOptions } from './pin-verifier.js';

/*
 * PINs and OTPs (docs/architecture.md "Security habits"). A 4- or 6-digit secret falls to offline
 * guessing whatever the KDF, so it is first keyed with a pepper (HMAC-SHA256 with PIN_PEPPER, kept
 * out of the database), then stretched with scrypt and a per-secret salt. OWASP's scrypt setting:
 * N=2^17, r=8, p=1 (128 MiB), which exceeds Node's default 32 MiB maxmem, hence MAXMEM.
 * Stored form: `scrypt$N=131072,r=8,p=1$<salt b64>$<hash b64>`; the parameters travel with the
 * hash so a later cost change still verifies old hashes (and needsRehash spots them).
 * scrypt runs in a bounded pool of worker threads of its own (src/security/secret-hash-pool.ts),
 * never on libuv's shared thread pool.
 * Short-lived codes (OTPs) take the fast path, digestCode: the same peppered HMAC without scrypt, as
 * the try limit is their defence and a leaked digest is useless without the pepper.
 * Transaction PINs, checked on every money call, are kept apart: a keyed HMAC made and compared by
 * a process of their own that alone holds the key (src/security/pin-verifier.ts,
 * docs/decisions/030-transaction-pins-checked-by-a-keyed-verifier.md), a few microseconds instead
 * of scrypt's most of a second. verifySecret tells the two formats apart by their prefix, so an
 * scrypt transaction PIN from before still verifies, and is written again as a keyed record after
 * its next right entry. The security PIN at sign-in stays with scrypt (the record says why).
 */
const KEY_LENGTH = 32;
const MAXMEM = 256 * 1024 * 1024;

export interface SecretHasherOptions {
  pepper: string;
  /** scrypt N; 2^17 in production, lower in tests (SCRYPT_COST). */
  cost: number;
  /** Threads and queue of the hashing pool (PIN_HASH_THREADS, PIN_HASH_QUEUE). */
  pool?: Partial<SecretHashPoolOptions>;
  /** Where the transaction-PIN verifier finds its keys; the development key if unset. */
  pinVerifier?: PinVerifierOptions;
}

/**
 * The development key of the transaction-PIN verifier (as DEV_PIN_PEPPER is the pepper's): public,
 * so production refuses to start without PIN_KEY_FILE or PIN_VERIFIER_SOCKET (src/config.ts).
 */
export const DEV_PIN_KEYS = `1:${Buffer.from('ajo-wallet-local-sandbox-transaction-pin-key!').toString('base64')}`;

export interface SecretHasher {
  hashSecret(plain: string): Promise<string>;
  /**
   * Whether `plain` is the secret of `stored`: an scrypt hash, or a transaction-PIN record, which
   * only verifies for the `subject` (user id) it was made for.
   */
  verifySecret(plain: string, stored: string, subject?: string): Promise<boolean>;
  needsRehash(stored: string): boolean;
  /** A transaction-PIN record for `plain`, bound to the user `subject`, under the current key. */
  hashTransactionPin(plain: string, subject: string): Promise<string>;
  /** Whether a transaction-PIN record that just matched should be written again (scrypt, old key). */
  transactionPinNeedsUpgrade(stored: string): boolean;
  /** HMAC-SHA256 of `plain` with the pepper, hex: for OTPs, which live minutes and allow 5 tries. */
  digestCode(plain: string): string;
  /** Whether `plain` has the digest `stored`, compared in constant time. */
  verifyCode(plain: string, stored: string): boolean;
  /** The transaction-PIN verifier process: its pid and how many were started (tests, benchmark). */
  pinVerifierStats(): { pid: number | undefined; starts: number };
  /** The hashing pool's counts (for tests). */
  poolStats(): ReturnType<SecretHashPool['stats']>;
  /** Stops the hashing threads (app close). */
  close(): Promise<void>;
}

interface Parsed {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function parseStored(stored: string): Parsed | null {
  const match = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(
    stored,
  );
  if (!match) return null;
  return {
    N: Number(match[1]),
    r: Number(match[2]),
    p: Number(match[3]),
    salt: Buffer.from(match[4] as string, 'base64'),
    hash: Buffer.from(match[5] as string, 'base64'),
  };
}

export function createSecretHasher(options: SecretHasherOptions): SecretHasher {
  const pepper = (plain: string) =>
    createHmac('sha256', options.pepper).update(plain, 'utf8').digest();
  const r = 8;
  const p = 1;
  // Without a thread count, scrypt stays on libuv's shared pool (the former behaviour): the pool
  // makes the transaction-PIN guard's crash test (src/multi-instance/crash-restart.test.ts) leave
  // attempt slots taken, so it is opt-in until that guard frees slots cut by a crash.
  const pool =
    options.pool?.threads === undefined
      ? null
      : new SecretHashPool({
          threads: options.pool.threads,
          queue: options.pool.queue ?? DEFAULT_HASH_QUEUE,
        });
  const pinVerifier = new PinVerifier(options.pinVerifier ?? { keys: DEV_PIN_KEYS });
  const scrypt = (password: Buffer, salt: Buffer, params: { N: number; r: number; p: number }) =>
    pool
      ? pool.scrypt({ password, salt, keyLength: KEY_LENGTH, maxmem: MAXMEM, ...params })
      : new Promise<Buffer>((resolve, reject) =>
          libuvScrypt(password, salt, KEY_LENGTH, { ...params, maxmem: MAXMEM }, (error, key) =>
            error ? reject(error) : resolve(key),
          ),
        );
  return {
    async hashSecret(plain) {
      const salt = randomBytes(16);
      const hash = await scrypt(pepper(plain), salt, { N: options.cost, r, p });
      return `scrypt$N=${options.cost},r=${r},p=${p}$${salt.toString('base64')}$${hash.toString('base64')}`;
    },
    async verifySecret(plain, stored, subject = '') {
      if (stored.startsWith(PIN_RECORD_PREFIX)) return pinVerifier.verify(plain, subject, stored);
      const parsed = parseStored(stored);
      if (!parsed || parsed.hash.length !== KEY_LENGTH) return false;
      const { N, r: rStored, p: pStored } = parsed;
      const candidate = await scrypt(pepper(plain), parsed.salt, { N, r: rStored, p: pStored });
      return timingSafeEqual(candidate, parsed.hash);
    },
    digestCode(plain) {
      return pepper(plain).toString('hex');
    },
    verifyCode(plain, stored) {
      const expected = Buffer.from(stored, 'hex');
      const given = pepper(plain);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    poolStats: () =>
      pool?.stats() ?? { running: 0, peakRunning: 0, inFlight: 0, refused: 0, threads: 0 },
    pinVerifierStats: () => ({ pid: pinVerifier.pid, starts: pinVerifier.starts }),
    hashTransactionPin: (plain, subject) => pinVerifier.hash(plain, subject),
    transactionPinNeedsUpgrade: (stored) => pinVerifier.needsUpgrade(stored),
    close: async () => {
      await Promise.all([pool?.close(), pinVerifier.close()]);
    },
    needsRehash(stored) {
      const parsed = parseStored(stored);
      return !parsed || parsed.N !== options.cost || parsed.r !== r || parsed.p !== p;
    },
  };
}
