'use client';
// A modal confirmation (native <dialog>: focus stays inside, Escape cancels). While the action
// runs the buttons are disabled; a refusal from the server (e.g. a 409) is shown inside.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './Button';

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
};

export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel, pending, error, danger = true }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(e) => {
        e.preventDefault();
        if (!pending) onCancel();
      }}
    >
      <div className="dialog-body">
        <h2 id={titleId}>{title}</h2>
        <div id={bodyId} className="muted">
          {children}
        </div>
        {error && (
          <p className="form-alert" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="dialog-actions">
        <Button onClick={onCancel} disabled={pending} autoFocus>
          Cancel
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} pending={pending}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
