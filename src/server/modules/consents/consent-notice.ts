/** The written confirmation of a consent change (decision 1922): bell and e-mail. */
import type { ConsentKind } from '../../../shared/consents/consent-disclosures';
import type { TransactionalMessage } from '../notifications/transactional-templates';

const what: Record<ConsentKind, { name: string; withdrawn: string; given: string }> = {
  electronic_records: {
    name: 'electronic records',
    withdrawn:
      'From now on we mail your monthly statements and account notices to you on paper. Your account stays open and your notes keep earning. You can consent again in Settings at any time.',
    given: 'We give you your agreements, statements and notices electronically, in your account.',
  },
  tax_forms: {
    name: 'electronic tax forms',
    withdrawn:
      'We will mail your Form 1099-INT to you on paper, by January 31. Forms already in your account stay there.',
    given:
      'Your Form 1099-INT will be in your account (Documents) instead of the mail. You can still ask for a paper copy.',
  },
};

export function consentChangedMessage(
  kind: ConsentKind,
  action: 'given' | 'withdrawn',
): TransactionalMessage {
  const copy = what[kind];
  const title =
    action === 'withdrawn' ? `You withdrew your consent to ${copy.name}` : `You consented to ${copy.name}`;
  const body = action === 'withdrawn' ? copy.withdrawn : copy.given;
  return {
    kind: 'account_verification',
    title,
    body,
    email: {
      subject: title,
      preheader: body.slice(0, 90),
      heading: title,
      paragraphs: [body, 'If this was not you, contact support straight away.'],
      facts: [],
      action: { label: 'Open Settings', path: '/settings' },
    },
  };
}
