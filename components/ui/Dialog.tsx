'use client';
// The one modal dialog of the console (native <dialog> opened with showModal(): the page behind
// is inert, so focus stays inside; the title names it). Escape calls `onEscape` when given, and
// otherwise the dialog stays until it is answered. On opening, focus goes to the element marked
// `data-autofocus` (e.g. the answer that loses nothing), else the browser's first focusable one
// (on closing, the browser puts focus back where it was). ChoiceDialog, ConfirmDialog and the designer's dialogs are
// built on it.
import { useEffect, useId, useRef, type ReactNode } from 'react';

type Props = {
  open: boolean;
  title: ReactNode;
  /** Escape (or the browser's close request); absent: Escape does nothing. */
  onEscape?: () => void;
  /** The body's id for aria-describedby (the question a ChoiceDialog asks). */
  describedBy?: string;
  className?: string;
  testId?: string;
  /** The content under the title; a form may wrap body and actions itself (see `wrap`). */
  children: ReactNode;
  /** The buttons, in the dialog's action row. */
  actions?: ReactNode;
  /** Wraps body and actions, e.g. in a <form>. */
  wrap?: (content: ReactNode) => ReactNode;
};

export function Dialog({ open, title, onEscape, describedBy, className, testId, children, actions, wrap }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const content = (
    <>
      <div className="dialog-body">
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
      {actions && <div className="dialog-actions">{actions}</div>}
    </>
  );

  return (
    <dialog
      ref={ref}
      className={['dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        onEscape?.();
      }}
    >
      {wrap ? wrap(content) : content}
    </dialog>
  );
}
