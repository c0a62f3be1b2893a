import { type FormEvent, useRef, useState } from 'react';
import {
  type NotificationChannel,
  type NotificationTemplate,
  notificationMessages,
  templateInputSchema,
} from '../../../../shared/notifications/contracts';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { refusalMessage } from '../api/error-message';
import { useSaveTemplate } from '../api/notification-queries';
import { MessagePreview } from './message-preview';
import { insertAtCursor, VariablePicker } from './variable-picker';

/** Create New Template / Edit Template (admin spec 2, 5): subject only for e-mail, variables as JSON. */
export function TemplateModal({
  template,
  onClose,
}: {
  template: NotificationTemplate | null;
  onClose(): void;
}) {
  const save = useSaveTemplate();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const [name, setName] = useState(template?.name ?? '');
  const [type, setType] = useState<NotificationChannel>(template?.type ?? 'email');
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [body, setBody] = useState(template?.body ?? '');
  const [variables, setVariables] = useState(template ? JSON.stringify(template.variables, null, 2) : '{}');
  const [error, setError] = useState<string | null>(null);

  const insertVariable = (placeholder: string) => {
    const next = insertAtCursor(bodyRef.current, body, placeholder);
    setBody(next.value);
    requestAnimationFrame(() => {
      bodyRef.current?.focus();
      bodyRef.current?.setSelectionRange(next.cursor, next.cursor);
    });
  };

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

  const isEditing = template !== null;
  return (
    <Modal
      wide
      title={isEditing ? 'Edit Template' : 'Create New Template'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="template-form" isBusy={save.isPending}>
            {save.isPending ? 'Saving...' : isEditing ? 'Update Template' : 'Create Template'}
          </Button>
        </>
      }
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="notification-editor">
        <form id="template-form" className="notification-form" onSubmit={onSubmit} noValidate>
          <TextField label="Template Name" value={name} onChange={(event) => setName(event.target.value)} />
          <SelectField
            label="Type"
            value={type}
            onChange={(event) => setType(event.target.value === 'sms' ? 'sms' : 'email')}
          >
            <option value="email">Email</option>
            <option value="sms">SMS</option>
          </SelectField>
          {type === 'email' ? (
            <TextField label="Subject" value={subject} onChange={(event) => setSubject(event.target.value)} />
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
          <TextAreaField
            label="Variables (JSON)"
            rows={4}
            className="code-input"
            spellCheck={false}
            value={variables}
            onChange={(event) => setVariables(event.target.value)}
          />
        </form>
        <aside className="notification-editor-preview" aria-label="Live preview">
          <h3>Live preview</h3>
          <MessagePreview channel={type} subject={subject} body={body} />
        </aside>
      </div>
    </Modal>
  );
}
