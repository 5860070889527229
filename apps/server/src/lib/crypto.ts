import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** An opaque session token: 32 random bytes, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');
/** A customer's QR token: 20 URL-safe characters (120 random bits), what the seed's tokens look like. */
export const newQrToken = () => randomBytes(15).toString('base64url');

/** A six-digit code from a secure random source. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const newSalt = () => randomBytes(16).toString('hex');

export function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

const PASSWORD_LETTERS = 'abcdefghjkmnpqrstuvwxyz';
const PASSWORD_DIGITS = '23456789';

/**
 * A one-time password for a reset: ten characters a person can type from an SMS (no 0/o, 1/l/i),
 * always with letters and digits.
 */
export function newPassword(): string {
  const pick = (alphabet: string) => alphabet[randomInt(0, alphabet.length)] ?? '';
  const chars = Array.from({ length: 8 }, () => pick(PASSWORD_LETTERS + PASSWORD_DIGITS));
  chars.push(pick(PASSWORD_LETTERS), pick(PASSWORD_DIGITS));
  return chars.join('');
}
