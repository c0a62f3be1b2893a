import { decryptField, encryptField } from './field-encryption';

/**
 * Small opaque tokens the server hands out and takes back (link sessions, sandbox public
 * tokens): JSON sealed with AES-256-GCM, so the browser can neither read nor alter them and
 * no server-side table is needed. The `kind` keeps one sort of token from passing as another.
 */
export function sealValue(key: Buffer, kind: string, payload: Record<string, unknown>): string {
  return encryptField(key, JSON.stringify({ kind, ...payload }));
}

/** The payload of a sealed value of this kind, or null when it is not one (tampered, foreign, garbled). */
export function openSealedValue(key: Buffer, kind: string, sealed: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(decryptField(key, sealed));
    if (typeof value !== 'object' || value === null || (value as { kind?: unknown }).kind !== kind)
      return null;
    return value as Record<string, unknown>;
  } catch {
    return null;
  }
}
