import { type FormEvent, useState } from 'react';
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
import { refusalMessage } from '../api/error-message';
import { previewRecipients, useSaveCampaign, useTemplates } from '../api/notification-queries';
import { MessageFields } from './message-fields';
import { NotificationEditorModal } from './notification-editor-modal';

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

  return (
    <NotificationEditorModal
      kind="Campaign"
      isEditing={campaign !== null}
      isSaving={save.isPending}
      error={error}
      onClose={onClose}
      onSubmit={onSubmit}
      // A save error describes the values it was given; once any field changes it is stale.
      onChange={() => setError(null)}
      preview={{
        channel,
        subject: chosen ? (chosen.subject ?? '') : subject,
        body: chosen ? chosen.body : body,
      }}
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
          <MessageFields
            type={type}
            subject={subject}
            body={body}
            onTypeChange={(next) => {
              setType(next);
              audienceChanged();
            }}
            onSubjectChange={setSubject}
            onBodyChange={(next) => {
              // An inserted variable is no change event of the form: its stale error goes here.
              setError(null);
              setBody(next);
            }}
          />
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
    </NotificationEditorModal>
  );
}
