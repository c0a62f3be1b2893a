/**
 * Twilio signs every webhook: X-Twilio-Signature = base64(HMAC-SHA1(auth token, the full
 * URL Twilio requested followed by each POST parameter name and value, sorted by name)).
 */
import { createHmac } from 'node:crypto';
import { safeEqual } from '../../security/tokens';

export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((name) => `${name}${params[name]}`)
      .join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string,
): boolean {
  return safeEqual(twilioSignature(authToken, url, params), signature);
}

/** Twilio's standard opt-out keywords (a reply of exactly one of them, any case). */
export const smsStopKeywords = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'OPTOUT',
  'REVOKE',
];

export function isStopReply(params: Record<string, string>): boolean {
  if (params.OptOutType?.toUpperCase() === 'STOP') return true;
  const text = (params.Body ?? '')
    .trim()
    .toUpperCase()
    .replace(/[.!]+$/, '');
  return smsStopKeywords.includes(text.replace(/\s+/g, ''));
}
