'use client';
// A modal question with several answers (native <dialog>: focus stays inside). Escape answers
// nothing: the question stays until one of the answers is chosen.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/Button';

export type Choice = { label: string; onChoose: () => void; variant?: ButtonVariant; pending?: boolean };

type Props = { open: boolean; title: string; children: ReactNode; choices: Choice[]; testId?: string };

export function ChoiceDialog({ open, title, children, choices, testId }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const busy = choices.some((c) => c.pending);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} aria-describedby={bodyId} data-testid={testId} onCancel={(e) => e.preventDefault()}>
      <div className="dialog-body">
        <h2 id={titleId}>{title}</h2>
        <div id={bodyId} className="muted stack">
          {children}
        </div>
      </div>
      <div className="dialog-actions">
        {choices.map((choice) => (
          <Button key={choice.label} variant={choice.variant} onClick={choice.onChoose} pending={choice.pending} disabled={busy && !choice.pending}>
            {choice.label}
          </Button>
        ))}
      </div>
    </dialog>
  );
}
