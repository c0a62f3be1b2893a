/**
 * The signed one-click unsubscribe link (PRODUCT.md 27, RFC 8058). The token names the
 * investor and the channel and carries an HMAC; it does not expire, because a marketing
 * e-mail must stay unsubscribable long after it was sent (CAN-SPAM asks for 30 days at least).
 * Test sends carry a token for the subject "test", which changes nothing.
 */
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { NotificationChannel } from '../../../shared/notifications/contracts';
import type { AppConfig } from '../../config';
import { signValue, verifySignature } from '../../security/tokens';

export const TEST_SUBJECT = 'test';

export interface UnsubscribeSubject {
  /** The investor's id, or "test" for a test send. */
  subject: string;
  channel: NotificationChannel;
}

const keys = new WeakMap<AppConfig, Buffer>();

/** A key of its own, derived from the deployment secret, so a leak of one use does not sign another. */
function signingKey(config: AppConfig): Buffer {
  let key = keys.get(config);
  if (!key) {
    key = createHmac('sha256', config.fieldEncryptionKey).update('steadyline/unsubscribe-link/v1').digest();
    keys.set(config, key);
  }
  return key;
}

const subjectPattern = z.union([z.uuid(), z.literal(TEST_SUBJECT)]);
const channelPattern = z.enum(['email', 'sms']);

export function createUnsubscribeToken(config: AppConfig, target: UnsubscribeSubject): string {
  const payload = `${target.subject}.${target.channel}`;
  return `${payload}.${signValue(signingKey(config), payload)}`;
}

/** The subject of a genuine token, or null for anything forged, altered or malformed. */
export function readUnsubscribeToken(config: AppConfig, token: string): UnsubscribeSubject | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [subject, channel, signature] = parts as [string, string, string];
  const parsedSubject = subjectPattern.safeParse(subject);
  const parsedChannel = channelPattern.safeParse(channel);
  if (!parsedSubject.success || !parsedChannel.success) return null;
  if (!verifySignature(signingKey(config), `${subject}.${channel}`, signature)) return null;
  return { subject: parsedSubject.data, channel: parsedChannel.data };
}

export function unsubscribeUrl(config: AppConfig, target: UnsubscribeSubject): string {
  return `${config.appUrl}/unsubscribe?token=${encodeURIComponent(createUnsubscribeToken(config, target))}`;
}
