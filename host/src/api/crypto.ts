// The encryption envelope of docs/architecture.md "The wire contract" (SPEC §1, §7): crypto-js AES
// (CBC, PKCS7) with a passphrase, OpenSSL "Salted__" base64, so
// `openssl enc -d -aes-256-cbc -md md5 -a -A -k SECRET` reads it.
// Only the AES module and the UTF-8 encoder are imported, never the whole of crypto-js: the
// rest (hashes, ciphers, encoders) would ship on every signed-in page for nothing. The client loads
// this module with its first encrypted call or enveloped answer (./client.ts), so a page that only
// reads (plain calls, plain answers) never downloads the cipher.
import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';

export function encryptPayload(value: unknown, secret: string): string {
  return AES.encrypt(JSON.stringify(value ?? {}), secret).toString();
}

/** SPEC §1: decrypted text that is not valid JSON is returned as plain text. */
export function decryptPayload(ciphertext: string, secret: string): unknown {
  const text = AES.decrypt(ciphertext, secret).toString(Utf8);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
