'use client';
// Delete with confirmation: a button, and the dialog (./DeleteDialog.tsx: what goes, what uses
// it, the server's refusal, toasts) loaded when the button is first pointed at, focused or
// pressed, not with the page (decision 028).
import { lazy, Suspense, useState } from 'react';
import { Button } from './Button';
import type { DeleteButtonProps } from './DeleteDialog';

const loadDialog = () => import('./DeleteDialog');
// React.lazy rather than next/dynamic: the latter's own code weighs more in the first load (decision 028).
const DeleteDialog = lazy(loadDialog);

export function DeleteButton({ size, variant = 'danger-ghost', ...props }: DeleteButtonProps) {
  const [open, setOpen] = useState(false);
  // Mounted at the first press and kept: closing plays no part in loading it again.
  const [used, setUsed] = useState(false);
  const warm = () => void loadDialog();
  return (
    <>
      <Button
        size={size}
        variant={variant}
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        aria-label={`Delete ${props.noun} ${props.name}`}
      >
        Delete
      </Button>
      {used && (
        <Suspense fallback={null}>
          <DeleteDialog {...props} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
