import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from 'node:crypto';

/*
 * Card numbers (PCI DSS 3.4: never stored in clear). The number and CVV are sealed with
 * AES-256-GCM under a key derived from the server's pepper (never sent to a browser), opened only
 * to answer a reveal; the card network finds a card by the number's keyed digest. The sandbox
 * issuer's BIN is fictitious.
 */
export const SANDBOX_ISSUER_BIN = '506999';

export interface CardSecret {
  pan: string;
  cvv: string;
}

/** The Luhn check digit of `partial` (ISO/IEC 7812). */
export function luhnCheckDigit(partial: string): string {
  let sum = 0;
  for (let i = 0; i < partial.length; i++) {
    let digit = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

export function isLuhnValid(pan: string): boolean {
  return /^\d{13,19}$/.test(pan) && luhnCheckDigit(pan.slice(0, -1)) === pan.slice(-1);
}

/** A new 16-digit card number under the sandbox BIN, and a 3-digit CVV. */
export function newCardSecret(): CardSecret {
  let body = SANDBOX_ISSUER_BIN;
  while (body.length < 15) body += String(randomInt(0, 10));
  return { pan: body + luhnCheckDigit(body), cvv: String(randomInt(0, 1000)).padStart(3, '0') };
}

/** '5069 99•• •••• 1234': BIN and last four only (PCI DSS 3.3). */
export function maskPan(bin: string, last4: string): string {
  return `${bin.slice(0, 4)} ${bin.slice(4, 6)}•• •••• ${last4}`;
}

const derive = (pepper: string, purpose: string) =>
  createHmac('sha256', pepper).update(`cards:${purpose}`).digest();

export function panDigest(pepper: string, pan: string): string {
  return createHmac('sha256', derive(pepper, 'digest')).update(pan).digest('hex');
}

export function sealCardSecret(pepper: string, secret: CardSecret): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive(pepper, 'seal'), iv);
  const sealed = Buffer.concat([
    cipher.update(`${secret.pan}:${secret.cvv}`, 'utf8'),
    cipher.final(),
  ]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
    .join('.');
}

export function openCardSecret(pepper: string, stored: string): CardSecret {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('unknown card seal');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    derive(pepper, 'seal'),
    Buffer.from(iv, 'base64'),
  );
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  const plain = Buffer.concat([decipher.update(Buffer.from(sealed, 'base64')), decipher.final()]);
  const [pan, cvv] = plain.toString('utf8').split(':');
  if (!pan || !cvv) throw new Error('malformed card seal');
  return { pan, cvv };
}
