import type { FormEvent, ReactNode } from 'react';
import type { NotificationChannel } from '../../../../shared/notifications/contracts';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { Modal } from '../../../components/ui/modal';
import { MessagePreview } from './message-preview';

/**
 * The dialog that creates or edits a template or a campaign (admin spec 2, 5): the save error
 * on top, the form beside its live preview, Cancel and Create / Update below. The caller owns
 * the fields and what saving does.
 */
export function NotificationEditorModal({
  kind,
  isEditing,
  isSaving,
  error,
  onClose,
  onSubmit,
  onChange,
  preview,
  children,
}: {
  kind: 'Template' | 'Campaign';
  isEditing: boolean;
  isSaving: boolean;
  error: string | null;
  onClose(): void;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** Called when any field of the form changes. */
  onChange?(): void;
  preview: { channel: NotificationChannel; subject: string; body: string };
  children: ReactNode;
}) {
  const formId = `${kind.toLowerCase()}-form`;
  return (
    <Modal
      wide
      title={isEditing ? `Edit ${kind}` : `Create New ${kind}`}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isBusy={isSaving}>
            {isSaving ? 'Saving...' : `${isEditing ? 'Update' : 'Create'} ${kind}`}
          </Button>
        </>
      }
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="notification-editor">
        <form id={formId} className="notification-form" onSubmit={onSubmit} onChange={onChange} noValidate>
          {children}
        </form>
        <aside className="notification-editor-preview" aria-label="Live preview">
          <h3>Live preview</h3>
          <MessagePreview channel={preview.channel} subject={preview.subject} body={preview.body} />
        </aside>
      </div>
    </Modal>
  );
}
