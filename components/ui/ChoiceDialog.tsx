'use client';
// A modal question with its answers (native <dialog>: focus stays inside). It opens on the answer
// marked `safe` (the one that loses nothing), so Enter never throws work away. Escape answers
// `onEscape` when given; without it the question stays until an answer is chosen. While an
// answer is pending the others are disabled; a refusal from the server is shown inside.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './Button';

export type Choice = {
  label: string;
  onChoose: () => void;
  variant?: ButtonVariant;
  pending?: boolean;
  /** The answer that loses nothing: focused when the dialog opens. */
  safe?: boolean;
  /** Not available now (e.g. a delete while something uses the resource). */
  disabled?: boolean;
};

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  choices: Choice[];
  onEscape?: () => void;
  /** The server's refusal, shown in the dialog. */
  error?: string | null;
  testId?: string;
};

export function ChoiceDialog({ open, title, children, choices, onEscape, error, testId }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const busy = choices.some((c) => c.pending);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLButtonElement>('[data-safe-choice]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onEscape?.();
      }}
    >
      <div className="dialog-body">
        <h2 id={titleId}>{title}</h2>
        <div id={bodyId} className="muted stack">
          {children}
        </div>
        {error && (
          <p className="form-alert" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="dialog-actions">
        {choices.map((choice) => (
          <Button
            key={choice.label}
            variant={choice.variant}
            onClick={choice.onChoose}
            pending={choice.pending}
            disabled={(busy && !choice.pending) || choice.disabled}
            data-safe-choice={choice.safe || undefined}
          >
            {choice.label}
          </Button>
        ))}
      </div>
    </dialog>
  );
}
