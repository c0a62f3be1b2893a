import { type FormEvent, useRef, useState } from 'react';
import { campaignFilterKeys } from '../../../../shared/notifications/campaign-filters';
import {
  campaignInputSchema,
  type NotificationCampaign,
  type NotificationChannel,
  notificationMessages,
  willSendToMessage,
} from '../../../../shared/notifications/contracts';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { refusalMessage } from '../api/error-message';
import { previewRecipients, useSaveCampaign, useTemplates } from '../api/notification-queries';
import { MessagePreview } from './message-preview';
import { insertAtCursor, VariablePicker } from './variable-picker';

/** An instant as a datetime-local value in the admin's own time zone ("2026-03-10T14:30"). */
function toLocalInput(instant: string | null): string {
  if (!instant) return '';
  const date = new Date(instant);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text.trim() || '{}') };
  } catch {
    return { ok: false };
  }
}

const filtersHint = `Only ${campaignFilterKeys.join(' and ')}, e.g. {"investment_type": "standard", "status": "active"}. Only investors who opted in to marketing on the channel are counted.`;

/** Create New Campaign / Edit Campaign (admin spec 2, 5, 9; PRODUCT.md 27). Saving always keeps it a draft. */
export function CampaignModal({
  campaign,
  onClose,
}: {
  campaign: NotificationCampaign | null;
  onClose(): void;
}) {
  const save = useSaveCampaign();
  const templates = useTemplates();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const [name, setName] = useState(campaign?.name ?? '');
  const [templateId, setTemplateId] = useState(campaign?.template_id ?? '');
  const [type, setType] = useState<NotificationChannel>(
    campaign?.template_id ? 'email' : (campaign?.type ?? 'email'),
  );
  const [subject, setSubject] = useState(campaign?.subject ?? '');
  const [body, setBody] = useState(campaign?.body ?? '');
  const [filters, setFilters] = useState(campaign ? JSON.stringify(campaign.target_filters, null, 2) : '{}');
  const [scheduledAt, setScheduledAt] = useState(toLocalInput(campaign?.scheduled_at ?? null));
  const [recipientCount, setRecipientCount] = useState<number | null>(
    campaign ? campaign.recipient_count : null,
  );
  const [isPreviewing, setPreviewing] = useState(false);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choices = (templates.data ?? []).filter(
    (template) => template.is_active || template.id === campaign?.template_id,
  );
  const chosen = choices.find((template) => template.id === templateId) ?? null;
  const channel: NotificationChannel = chosen ? chosen.type : type;

  const audienceChanged = () => {
    setRecipientCount(null);
    setPreviewError(null);
  };

  const insertVariable = (placeholder: string) => {
    setError(null);
    const next = insertAtCursor(bodyRef.current, body, placeholder);
    setBody(next.value);
    requestAnimationFrame(() => {
      bodyRef.current?.focus();
      bodyRef.current?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  const onPreview = async () => {
    setPreviewError(null);
    const parsed = parseJson(filters);
    if (!parsed.ok) {
      setPreviewError(notificationMessages.invalidFiltersJsonOnPreview);
      return;
    }
    setPreviewing(true);
    try {
      setRecipientCount((await previewRecipients(parsed.value, channel)).count);
    } catch (failure) {
      setRecipientCount(null);
      setPreviewError(refusalMessage(failure, notificationMessages.previewFailed));
    } finally {
      setPreviewing(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = parseJson(filters);
    if (!parsed.ok) {
      setError(notificationMessages.invalidFiltersJsonOnSave);
      return;
    }
    const input = {
      name,
      template_id: templateId || null,
      ...(templateId ? {} : { type, subject: type === 'email' ? subject : null, body }),
      target_filters: parsed.value,
      scheduled_at: scheduledAt ? new Date(scheduledAt).toISOString() : null,
      recipient_count: recipientCount ?? 0,
    };
    const checked = campaignInputSchema.safeParse(input);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? notificationMessages.campaignSaveFailed);
      return;
    }
    try {
      await save.mutateAsync({ id: campaign?.id ?? null, input: checked.data });
      onClose();
    } catch (failure) {
      setError(refusalMessage(failure, notificationMessages.campaignSaveFailed));
    }
  };

  const isEditing = campaign !== null;
  return (
    <Modal
      wide
      title={isEditing ? 'Edit Campaign' : 'Create New Campaign'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="campaign-form" isBusy={save.isPending}>
            {save.isPending ? 'Saving...' : isEditing ? 'Update Campaign' : 'Create Campaign'}
          </Button>
        </>
      }
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="notification-editor">
        <form
          id="campaign-form"
          className="notification-form"
          onSubmit={onSubmit}
          // A save error describes the values it was given; once any field changes it is stale.
          onChange={() => setError(null)}
          noValidate
        >
          <TextField label="Campaign Name" value={name} onChange={(event) => setName(event.target.value)} />
          <SelectField
            label="Template"
            value={templateId}
            onChange={(event) => {
              setTemplateId(event.target.value);
              audienceChanged();
            }}
          >
            <option value="">Free-form (no template)</option>
            {choices.map((template) => (
              <option key={template.id} value={template.id} disabled={!template.is_active}>
                {template.name} ({template.type.toUpperCase()}){template.is_active ? '' : ' — inactive'}
              </option>
            ))}
          </SelectField>
          {templateId ? null : (
            <fieldset className="free-form-fields">
              <legend>Free-form message</legend>
              <SelectField
                label="Type"
                value={type}
                onChange={(event) => {
                  setType(event.target.value === 'sms' ? 'sms' : 'email');
                  audienceChanged();
                }}
              >
                <option value="email">Email</option>
                <option value="sms">SMS</option>
              </SelectField>
              {type === 'email' ? (
                <TextField
                  label="Subject"
                  value={subject}
                  onChange={(event) => setSubject(event.target.value)}
                />
              ) : null}
              <TextAreaField
                ref={bodyRef}
                label="Body"
                rows={8}
                hint={notificationMessages.bodyHint}
                value={body}
                onChange={(event) => setBody(event.target.value)}
              />
              <VariablePicker onInsert={insertVariable} />
            </fieldset>
          )}
          <TextAreaField
            label="Target Filters (JSON)"
            rows={4}
            className="code-input"
            spellCheck={false}
            hint={filtersHint}
            value={filters}
            onChange={(event) => {
              setFilters(event.target.value);
              audienceChanged();
            }}
          />
          <div className="recipient-preview">
            <Button variant="secondary" onClick={onPreview} isBusy={isPreviewing}>
              Preview Recipients
            </Button>
            {recipientCount !== null && !previewError ? (
              <output className="recipient-count">{willSendToMessage(recipientCount)}</output>
            ) : null}
          </div>
          {previewError ? <Alert tone="error">{previewError}</Alert> : null}
          <TextField
            label="Scheduled At (Optional)"
            type="datetime-local"
            hint={notificationMessages.scheduledAtHint}
            value={scheduledAt}
            onChange={(event) => setScheduledAt(event.target.value)}
          />
        </form>
        <aside className="notification-editor-preview" aria-label="Live preview">
          <h3>Live preview</h3>
          <MessagePreview
            channel={channel}
            subject={chosen ? (chosen.subject ?? '') : subject}
            body={chosen ? chosen.body : body}
          />
        </aside>
      </div>
    </Modal>
  );
}
