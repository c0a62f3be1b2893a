/**
 * What an unsubscribe link does: opening it asks for a confirmation; confirming (or a mail
 * client's one-click POST) turns off marketing on its channel for its investor; a test link
 * changes nothing; anything forged or altered is refused.
 */
import type { NotificationChannel } from '../../../shared/notifications/contracts';
import type { AppContext } from '../../context';
import { setMarketingPreference } from './preference-repository';
import type { UnsubscribePage } from './unsubscribe-page';
import { readUnsubscribeToken, TEST_SUBJECT } from './unsubscribe-token';

export type UnsubscribeOutcome =
  | { kind: 'confirm'; channel: NotificationChannel; token: string }
  | { kind: 'unsubscribed'; channel: NotificationChannel; token: string }
  | { kind: 'resubscribed' }
  | { kind: 'test' }
  | { kind: 'invalid' };

/**
 * What a GET of the link shows: a confirm button, and nothing changed (PRODUCT.md 34). Mail
 * scanners open every link in a message; only a POST (the button, or a mail client's RFC 8058
 * one-click) unsubscribes.
 */
export function previewUnsubscribe(context: AppContext, token: string): UnsubscribeOutcome {
  const target = readUnsubscribeToken(context.config, token);
  if (!target) return { kind: 'invalid' };
  if (target.subject === TEST_SUBJECT) return { kind: 'test' };
  return { kind: 'confirm', channel: target.channel, token };
}

export async function applyUnsubscribe(context: AppContext, token: string): Promise<UnsubscribeOutcome> {
  const target = readUnsubscribeToken(context.config, token);
  if (!target) return { kind: 'invalid' };
  if (target.subject === TEST_SUBJECT) return { kind: 'test' };
  const changed = await setMarketingPreference(
    context.db,
    target.subject,
    target.channel,
    false,
    context.clock.now(),
  );
  if (!changed) return { kind: 'invalid' };
  context.log.info({ investorId: target.subject, channel: target.channel }, 'marketing unsubscribed by link');
  return { kind: 'unsubscribed', channel: target.channel, token };
}

/** Only e-mail can be switched back on from a link; marketing SMS needs the consent given in Settings. */
export async function applyResubscribe(context: AppContext, token: string): Promise<UnsubscribeOutcome> {
  const target = readUnsubscribeToken(context.config, token);
  if (target?.channel !== 'email') return { kind: 'invalid' };
  if (target.subject === TEST_SUBJECT) return { kind: 'test' };
  const changed = await setMarketingPreference(
    context.db,
    target.subject,
    'email',
    true,
    context.clock.now(),
  );
  return changed ? { kind: 'resubscribed' } : { kind: 'invalid' };
}

export function unsubscribePageFor(brandName: string, outcome: UnsubscribeOutcome): UnsubscribePage {
  switch (outcome.kind) {
    case 'confirm':
      return outcome.channel === 'email'
        ? {
            tone: 'info',
            heading: `Unsubscribe from ${brandName} news?`,
            paragraphs: [
              `You will no longer receive news and offers from ${brandName} by e-mail.`,
              'Messages about your account, such as interest payments and transfers, are not affected.',
            ],
            confirmToken: outcome.token,
          }
        : {
            tone: 'info',
            heading: `Stop ${brandName} marketing texts?`,
            paragraphs: [
              `You will no longer receive news and offers from ${brandName} by text message.`,
              'Messages about your account are not affected.',
            ],
            confirmToken: outcome.token,
          };
    case 'unsubscribed':
      return outcome.channel === 'email'
        ? {
            tone: 'success',
            heading: 'You are unsubscribed',
            paragraphs: [
              `You will no longer receive news and offers from ${brandName} by e-mail.`,
              'Messages about your account, such as interest payments and transfers, still reach you as set in Settings.',
            ],
            resubscribeToken: outcome.token,
          }
        : {
            tone: 'success',
            heading: 'You are unsubscribed',
            paragraphs: [
              `You will no longer receive news and offers from ${brandName} by text message.`,
              'Messages about your account still reach you as set in Settings.',
            ],
          };
    case 'resubscribed':
      return {
        tone: 'success',
        heading: 'You are subscribed again',
        paragraphs: [`Welcome back. You will receive news and offers from ${brandName} by e-mail.`],
      };
    case 'test':
      return {
        tone: 'info',
        heading: 'This link came from a test message',
        paragraphs: [
          'Nothing was changed. In a real message this link unsubscribes the recipient in one click.',
        ],
      };
    case 'invalid':
      return {
        tone: 'error',
        heading: 'This unsubscribe link is not valid',
        paragraphs: [
          'It may have been cut short when it was copied. Open the link straight from the e-mail, or sign in and turn marketing off in Settings.',
        ],
      };
  }
}
