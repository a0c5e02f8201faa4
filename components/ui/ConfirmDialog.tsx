'use client';
// A modal confirmation: Cancel (focused when it opens, and answered by Escape) or the action.
// While the action runs Cancel is disabled; a refusal from the server (e.g. a 409) is shown inside.
import type { ReactNode } from 'react';
import { ChoiceDialog } from './ChoiceDialog';

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  /** The server's refusal, shown in the dialog. */
  error?: string | null;
  danger?: boolean;
  /** More than a sentence (lists, notes), shown after `children`. */
  details?: ReactNode;
  /** The action is not available now; Cancel stays. */
  confirmDisabled?: boolean;
};

export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel, pending, error, danger = true, details, confirmDisabled }: Props) {
  return (
    <ChoiceDialog
      open={open}
      title={title}
      onEscape={onCancel}
      error={error}
      choices={[
        { label: 'Cancel', onChoose: onCancel, safe: true },
        { label: confirmLabel, onChoose: onConfirm, variant: danger ? 'danger' : 'primary', pending, disabled: confirmDisabled },
      ]}
    >
      <p>{children}</p>
      {details}
    </ChoiceDialog>
  );
}
