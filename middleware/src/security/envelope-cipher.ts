import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/*
 * The wire envelope's cipher (docs/architecture.md "The wire contract"): what crypto-js's
 * `AES.encrypt(text, passphrase)` produces — AES-256-CBC, PKCS7, key and IV from OpenSSL's
 * EVP_BytesToKey (MD5, one iteration, 8-byte salt), base64 of "Salted__" + salt + ciphertext.
 * `openssl enc -aes-256-cbc -md md5 -a -A -k SECRET` reads and writes the same bytes.
 * node:crypto checks the padding, so a wrong key or a mangled text fails instead of decoding to
 * garbage as crypto-js can. The secret ships to browsers: this is not a security boundary.
 */
const MAGIC = Buffer.from('Salted__', 'latin1');

function evpBytesToKey(passphrase: string, salt: Buffer): { key: Buffer; iv: Buffer } {
  const password = Buffer.from(passphrase, 'utf8');
  const parts: Buffer[] = [];
  let previous = Buffer.alloc(0);
  while (Buffer.concat(parts).length < 48) {
    previous = createHash('md5')
      .update(Buffer.concat([previous, password, salt]))
      .digest();
    parts.push(previous);
  }
  const material = Buffer.concat(parts);
  return { key: material.subarray(0, 32), iv: material.subarray(32, 48) };
}

export function encryptText(plain: string, passphrase: string): string {
  const salt = randomBytes(8);
  const { key, iv } = evpBytesToKey(passphrase, salt);
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([MAGIC, salt, body]).toString('base64');
}

export class EnvelopeDecryptError extends Error {}

/** Throws EnvelopeDecryptError when the text is not this format or not for this secret. */
export function decryptText(encoded: string, passphrase: string): string {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) throw new EnvelopeDecryptError('not base64');
  const raw = Buffer.from(encoded, 'base64');
  if (raw.length < 32 || (raw.length - 16) % 16 !== 0 || !raw.subarray(0, 8).equals(MAGIC)) {
    throw new EnvelopeDecryptError('not an OpenSSL salted ciphertext');
  }
  const { key, iv } = evpBytesToKey(passphrase, raw.subarray(8, 16));
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, iv);
    const plain = Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]);
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    throw new EnvelopeDecryptError('does not decrypt with this secret');
  }
}
