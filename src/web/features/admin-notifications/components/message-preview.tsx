import { marketingEmailReason, marketingSmsText } from '../../../../shared/notifications/marketing-copy';
import {
  fillPlaceholders,
  type Paragraph,
  renderParagraphs,
  renderSubject,
} from '../../../../shared/notifications/render-template';
import type { NotificationChannel } from '../../../../shared/notifications/contracts';
import { unknownVariablesIn } from '../../../../shared/notifications/template-variables';
import { Spinner } from '../../../components/ui/feedback';
import { appConfig } from '../../../lib/app-config';
import { usePreviewSample } from '../api/notification-queries';

function ParagraphView({ paragraph }: { paragraph: Paragraph }) {
  return (
    <p>
      {paragraph.map((line, lineIndex) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity beyond their order
        <span key={lineIndex}>
          {lineIndex > 0 ? <br /> : null}
          {line.map((segment, segmentIndex) =>
            segment.kind === 'link' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity beyond their order
              <a key={segmentIndex} href={segment.href} target="_blank" rel="noopener noreferrer">
                {segment.text}
              </a>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity beyond their order
              <span key={segmentIndex}>{segment.text}</span>
            ),
          )}
        </span>
      ))}
    </p>
  );
}

/**
 * The live preview: the message as one investor will get it, rendered by the same shared
 * renderer the server sends with, using the demo investor's values (or the admin's own).
 */
export function MessagePreview({
  channel,
  subject,
  body,
}: {
  channel: NotificationChannel;
  subject: string;
  body: string;
}) {
  const { brandName } = appConfig();
  const sample = usePreviewSample(channel);
  const unknown = unknownVariablesIn(channel === 'email' ? subject : null, body);

  if (!sample.data) {
    return (
      <div className="message-preview message-preview-empty" aria-live="polite">
        {sample.isError ? 'The preview is not available right now.' : <Spinner label="Loading preview" />}
      </div>
    );
  }
  const { values, source, postal_address: postalAddress } = sample.data;
  const who =
    source === 'demo_investor'
      ? `${values.first_name} ${values.last_name} (demo investor)`
      : `${values.first_name} ${values.last_name} (your own details)`;

  return (
    <div className="message-preview" aria-live="polite">
      <p className="message-preview-caption">
        Preview for <strong>{who}</strong>
      </p>
      {unknown.length > 0 ? (
        <p className="message-preview-warning">
          Not filled: {unknown.map((name) => `{{${name}}}`).join(', ')}
        </p>
      ) : null}
      {channel === 'email' ? (
        <div className="email-preview">
          <dl className="email-preview-meta">
            <div>
              <dt>To</dt>
              <dd>{values.email}</dd>
            </div>
            <div>
              <dt>Subject</dt>
              <dd className="email-preview-subject">{renderSubject(subject, values) || '(no subject)'}</dd>
            </div>
          </dl>
          <div className="email-preview-card">
            <div className="email-preview-brand">{brandName}</div>
            {body.trim() ? (
              renderParagraphs(body, values).map((paragraph, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity beyond their order
                <ParagraphView key={index} paragraph={paragraph} />
              ))
            ) : (
              <p className="muted">The body appears here as you type.</p>
            )}
          </div>
          <div className="email-preview-footer">
            <p>{marketingEmailReason(brandName)}</p>
            <p>{postalAddress}</p>
            <p>
              <a href={values.unsubscribe_url} target="_blank" rel="noopener noreferrer">
                Unsubscribe
              </a>{' '}
              · Notification settings
            </p>
          </div>
        </div>
      ) : (
        <div className="sms-preview">
          <div className="sms-preview-bubble">
            {body.trim()
              ? marketingSmsText(brandName, fillPlaceholders(body, values))
              : 'The text appears here as you type.'}
          </div>
          <p className="sms-preview-meta">To {values.first_name}'s verified mobile</p>
        </div>
      )}
    </div>
  );
}
