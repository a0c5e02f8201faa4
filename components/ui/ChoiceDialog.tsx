'use client';
// A modal question with its answers, on the Dialog primitive. It opens on the answer marked
// `safe` (the one that loses nothing), so Enter never throws work away. Escape answers `onEscape`
// when given; without it the question stays until an answer is chosen. While an answer is
// pending the others are disabled and Escape does nothing; a refusal from the server is shown inside.
import { useId, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './Button';
import { Dialog } from './Dialog';

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
  const bodyId = useId();
  const busy = choices.some((c) => c.pending);
  return (
    <Dialog
      open={open}
      title={title}
      describedBy={bodyId}
      testId={testId}
      onEscape={() => {
        if (!busy) onEscape?.();
      }}
      actions={choices.map((choice) => (
        <Button
          key={choice.label}
          variant={choice.variant}
          onClick={choice.onChoose}
          pending={choice.pending}
          disabled={(busy && !choice.pending) || choice.disabled}
          data-autofocus={choice.safe || undefined}
        >
          {choice.label}
        </Button>
      ))}
    >
      <div id={bodyId} className="muted stack">
        {children}
      </div>
      {error && (
        <p className="form-alert" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
