'use client';
// The `?` overlay: every keyboard shortcut of the console (loaded on first use only).
import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/Button';

const GROUPS: { title: string; keys: [string[], string][] }[] = [
  {
    title: 'Everywhere',
    keys: [
      [['Ctrl', 'K'], 'Open the command palette (⌘ K on a Mac)'],
      [['?'], 'Show these shortcuts'],
      [['Esc'], 'Close the palette or a dialog'],
    ],
  },
  {
    title: 'In the command palette',
    keys: [
      [['↑', '↓'], 'Move through the results'],
      [['Enter'], 'Open the result'],
    ],
  },
  {
    title: 'In the squad designer',
    keys: [
      [['Ctrl', 'S'], 'Save'],
      [['Ctrl', 'Z'], 'Undo'],
      [['Ctrl', 'Shift', 'Z'], 'Redo (or Ctrl Y)'],
      [['Ctrl', 'A'], 'Select everything'],
      [['Ctrl', 'C'], 'Copy (X cuts, V pastes)'],
      [['Delete'], 'Delete the selection (or Backspace)'],
      [['F'], 'Fit the view (or Shift 1)'],
      [['Esc'], 'Clear the selection'],
    ],
  },
];

export default function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    dialog?.querySelector<HTMLButtonElement>('button')?.focus();
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog shortcuts"
      aria-labelledby={titleId}
      data-testid="shortcuts-help"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="dialog-body">
        <div className="row">
          <h2 id={titleId}>Keyboard shortcuts</h2>
          <span className="spacer" />
          <Button size="sm" variant="ghost" onClick={onClose}>
            Close
          </Button>
        </div>
        {GROUPS.map((group) => (
          <section key={group.title} className="stack" style={{ gap: 6 }}>
            <h3>{group.title}</h3>
            <dl className="shortcut-list">
              {group.keys.map(([keys, what]) => (
                <div key={what} className="shortcut-row">
                  <dt>
                    {keys.map((k, i) => (
                      <span key={k}>
                        {i > 0 && ' '}
                        <kbd>{k}</kbd>
                      </span>
                    ))}
                  </dt>
                  <dd>{what}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </dialog>
  );
}
