/**
 * Security e-mails (a password-reset link, "this account is closed") through the notice queue
 * (decisions 1311 and 1821): written while the request runs and sent after it has answered, so a
 * registered address gets its answer as fast as an unknown one and a slow mail server delays
 * nobody. They go out whatever the investor's preferences say and never to the bell. The rendered
 * mail is sealed (AES-256-GCM with the field key) because it carries a sign-in link, which the
 * database otherwise keeps only as a hash.
 */
import type { AppContext } from '../../context';
import type { EmailMessage } from '../../providers/email';
import { openSealedValue, sealValue } from '../../security/sealed-values';

export const SECURITY_EMAIL_KIND = 'security_email';
const SEAL_KIND = 'queued-security-email';

export interface SecurityEmailNotice {
  kind: typeof SECURITY_EMAIL_KIND;
  sealed: string;
}

export function isSecurityEmailNotice(notice: { kind: string }): notice is SecurityEmailNotice {
  return notice.kind === SECURITY_EMAIL_KIND;
}

export function sealSecurityEmail(
  context: Pick<AppContext, 'config'>,
  email: Pick<EmailMessage, 'to' | 'subject' | 'text' | 'html'>,
): SecurityEmailNotice {
  return {
    kind: SECURITY_EMAIL_KIND,
    sealed: sealValue(context.config.fieldEncryptionKey, SEAL_KIND, email),
  };
}

/** Sends a queued security e-mail; throws when it cannot be opened or the provider refuses it (retried). */
export async function sendSecurityEmail(
  context: Pick<AppContext, 'config' | 'messages'>,
  notice: SecurityEmailNotice,
): Promise<void> {
  const email = openSealedValue(context.config.fieldEncryptionKey, SEAL_KIND, notice.sealed);
  if (
    !email ||
    typeof email.to !== 'string' ||
    typeof email.subject !== 'string' ||
    typeof email.text !== 'string'
  )
    throw new Error('The queued security e-mail could not be opened');
  const sent = await context.messages.sendEmail({
    to: email.to,
    subject: email.subject,
    text: email.text,
    ...(typeof email.html === 'string' ? { html: email.html } : {}),
  });
  if (sent.status !== 'sent') throw new Error(sent.errorMessage ?? 'The e-mail was not sent');
}
