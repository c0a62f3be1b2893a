import type { ReactNode } from 'react';
import { Button } from './button';
import { Alert } from './feedback';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  /** A question naming the action ("Run the 2025 tax run?"). */
  title: string;
  /** What the action will do, in numbers where there are any: read before the click, not after. */
  children: ReactNode;
  /** The verb on the confirm button ("Run now", "Approve"). */
  confirmLabel: string;
  /** `danger` for actions that take money or data away. */
  tone?: 'primary' | 'danger';
  isBusy?: boolean;
  /** Why the action failed, shown inside the dialog so the admin can retry or cancel. */
  failure?: string | null;
  onConfirm(): void;
  onClose(): void;
}

/**
 * The confirmation before an action with wide or lasting effects (issue 24 item 21). Focus
 * starts on the dialog's close button, so a stray Enter never confirms.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  tone = 'primary',
  isBusy = false,
  failure = null,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={tone} onClick={onConfirm} isBusy={isBusy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {children}
    </Modal>
  );
}
