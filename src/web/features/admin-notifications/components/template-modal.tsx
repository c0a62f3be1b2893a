import { type FormEvent, useState } from 'react';
import {
  type NotificationChannel,
  type NotificationTemplate,
  notificationMessages,
  templateInputSchema,
} from '../../../../shared/notifications/contracts';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { refusalMessage } from '../api/error-message';
import { useSaveTemplate } from '../api/notification-queries';
import { MessageFields } from './message-fields';
import { NotificationEditorModal } from './notification-editor-modal';

/** Create New Template / Edit Template (admin spec 2, 5): subject only for e-mail, variables as JSON. */
export function TemplateModal({
  template,
  onClose,
}: {
  template: NotificationTemplate | null;
  onClose(): void;
}) {
  const save = useSaveTemplate();
  const [name, setName] = useState(template?.name ?? '');
  const [type, setType] = useState<NotificationChannel>(template?.type ?? 'email');
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [body, setBody] = useState(template?.body ?? '');
  const [variables, setVariables] = useState(template ? JSON.stringify(template.variables, null, 2) : '{}');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    let parsedVariables: unknown;
    try {
      parsedVariables = JSON.parse(variables.trim() || '{}');
    } catch {
      setError(notificationMessages.invalidVariablesJson);
      return;
    }
    const input = {
      name,
      type,
      subject: type === 'email' ? subject : null,
      body,
      variables: parsedVariables,
    };
    const checked = templateInputSchema.safeParse(input);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? notificationMessages.templateSaveFailed);
      return;
    }
    try {
      await save.mutateAsync({ id: template?.id ?? null, input: checked.data });
      onClose();
    } catch (failure) {
      setError(refusalMessage(failure, notificationMessages.templateSaveFailed));
    }
  };

  return (
    <NotificationEditorModal
      kind="Template"
      isEditing={template !== null}
      isSaving={save.isPending}
      error={error}
      onClose={onClose}
      onSubmit={onSubmit}
      preview={{ channel: type, subject, body }}
    >
      <TextField label="Template Name" value={name} onChange={(event) => setName(event.target.value)} />
      <MessageFields
        type={type}
        subject={subject}
        body={body}
        onTypeChange={setType}
        onSubjectChange={setSubject}
        onBodyChange={setBody}
      />
      <TextAreaField
        label="Variables (JSON)"
        rows={4}
        className="code-input"
        spellCheck={false}
        value={variables}
        onChange={(event) => setVariables(event.target.value)}
      />
    </NotificationEditorModal>
  );
}
