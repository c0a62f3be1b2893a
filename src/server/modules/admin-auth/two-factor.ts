/**
 * TOTP (RFC 6238 through otpauth) and recovery codes for staff (issue 16.1, decision 1601).
 * Secrets are sealed with FIELD_ENCRYPTION_KEY at rest; recovery codes are stored as hashes
 * and shown once. A code is accepted one step either side of now, and never twice.
 */
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT } from '../../../shared/admin/two-factor-contracts';
import type { AppConfig } from '../../config';
import { decryptField, encryptField } from '../../security/field-encryption';
import { openSealedValue, sealValue } from '../../security/sealed-values';
import { hashToken } from '../../security/tokens';

const PERIOD_SECONDS = 30;
/** How long the enrolment screen's secret stays usable before it must be started again. */
const ENROLMENT_VALID_MS = 15 * 60 * 1000;
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function totpFor(config: AppConfig, secretBase32: string, accountName: string): TOTP {
  return new TOTP({
    issuer: config.BRAND_NAME,
    label: accountName,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function sealTotpSecret(config: AppConfig, secretBase32: string): string {
  return encryptField(config.fieldEncryptionKey, secretBase32);
}

export function openTotpSecret(config: AppConfig, sealed: string): string {
  return decryptField(config.fieldEncryptionKey, sealed);
}

/**
 * The time step of a right code, or null. `lastStep` is the step last accepted for this admin:
 * a code of that step or earlier is refused (a code is good once).
 */
export function acceptedTotpStep(
  config: AppConfig,
  secretBase32: string,
  code: string,
  now: Date,
  lastStep: number | null,
): number | null {
  const delta = totpFor(config, secretBase32, 'staff').validate({
    token: code,
    timestamp: now.getTime(),
    window: 1,
  });
  if (delta === null) return null;
  const step = Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}

/** What the enrolment screen shows: the otpauth URI, its QR code (drawn here, no third party) and a sealed token. */
export async function startEnrolment(
  config: AppConfig,
  admin: { adminUserId: string; email: string },
  now: Date,
): Promise<{ enrolment: string; secret: string; otpauth_uri: string; qr_code: string }> {
  const secret = newTotpSecret();
  const uri = totpFor(config, secret, admin.email).toString();
  const enrolment = sealValue(config.fieldEncryptionKey, 'totp-enrolment', {
    adminUserId: admin.adminUserId,
    secret,
    expiresAt: now.getTime() + ENROLMENT_VALID_MS,
  });
  const qrCode = await QRCode.toDataURL(uri, { margin: 1, width: 220, errorCorrectionLevel: 'M' });
  return { enrolment, secret, otpauth_uri: uri, qr_code: qrCode };
}

/** The secret of an enrolment token issued to this admin and not expired, or null. */
export function openEnrolment(
  config: AppConfig,
  token: string,
  adminUserId: string,
  now: Date,
): string | null {
  const payload = openSealedValue(config.fieldEncryptionKey, 'totp-enrolment', token);
  if (!payload || payload.adminUserId !== adminUserId || typeof payload.secret !== 'string') return null;
  if (typeof payload.expiresAt !== 'number' || payload.expiresAt <= now.getTime()) return null;
  return payload.secret;
}

/** Ten fresh recovery codes as shown ("abcde-fghij"), and their hashes to store. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes: string[] = [];
  for (let index = 0; index < RECOVERY_CODE_COUNT; index += 1) {
    const bytes = randomBytes(10);
    const text = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte % 32]).join('');
    codes.push(`${text.slice(0, 5)}-${text.slice(5)}`);
  }
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

/** Recovery codes are compared without dashes, spaces or case. */
export function hashRecoveryCode(code: string): string {
  return hashToken(`recovery:${code.replaceAll(/[\s-]/g, '').toLowerCase()}`);
}

/** A test or the demo seed computing the code an authenticator app would show. */
export function totpCodeAt(config: AppConfig, secretBase32: string, at: Date): string {
  return totpFor(config, secretBase32, 'staff').generate({ timestamp: at.getTime() });
}
