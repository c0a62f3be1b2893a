import { useRef } from 'react';
import { type NotificationChannel, notificationMessages } from '../../../../shared/notifications/contracts';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { insertAtCursor, VariablePicker } from './variable-picker';

/**
 * A message of a template or a free-form campaign: its channel, a subject for e-mail only, and
 * the body with the variable picker below it (a chosen {{variable}} goes in at the cursor).
 */
export function MessageFields({
  type,
  subject,
  body,
  onTypeChange,
  onSubjectChange,
  onBodyChange,
}: {
  type: NotificationChannel;
  subject: string;
  body: string;
  onTypeChange(type: NotificationChannel): void;
  onSubjectChange(subject: string): void;
  onBodyChange(body: string): void;
}) {
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  const insertVariable = (placeholder: string) => {
    const next = insertAtCursor(bodyRef.current, body, placeholder);
    onBodyChange(next.value);
    requestAnimationFrame(() => {
      bodyRef.current?.focus();
      bodyRef.current?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  return (
    <>
      <SelectField
        label="Type"
        value={type}
        onChange={(event) => onTypeChange(event.target.value === 'sms' ? 'sms' : 'email')}
      >
        <option value="email">Email</option>
        <option value="sms">SMS</option>
      </SelectField>
      {type === 'email' ? (
        <TextField
          label="Subject"
          value={subject}
          onChange={(event) => onSubjectChange(event.target.value)}
        />
      ) : null}
      <TextAreaField
        ref={bodyRef}
        label="Body"
        rows={8}
        hint={notificationMessages.bodyHint}
        value={body}
        onChange={(event) => onBodyChange(event.target.value)}
      />
      <VariablePicker onInsert={insertVariable} />
    </>
  );
}
