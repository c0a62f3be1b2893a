import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random opaque token for links and cookies (256 bits, URL-safe). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256: a database leak does not leak live tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A numeric one-time code of the given length, uniformly random. */
export function generateNumericCode(length = 6): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

export function safeEqual(left: string, right: string): boolean {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function signValue(secret: Buffer, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

export function verifySignature(secret: Buffer, value: string, signature: string): boolean {
  return safeEqual(signValue(secret, value), signature);
}
