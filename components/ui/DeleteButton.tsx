'use client';
// Delete with confirmation: a button, a dialog naming what goes, and the server's refusal
// (e.g. 409 "used by squad ...") shown in the dialog. Toasts on success.
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/lib/client/toast';
import { ApiClientError } from '@/lib/client/api';
import { Button } from './Button';
import { ConfirmDialog } from './ConfirmDialog';

type Props = {
  id: string;
  name: string;
  /** "agent", "tool"... */
  noun: string;
  mutation: UseMutationResult<unknown, Error, string>;
  onDeleted?: () => void;
  size?: 'sm';
  variant?: 'danger' | 'danger-ghost';
};

export function DeleteButton({ id, name, noun, mutation, onDeleted, size, variant = 'danger-ghost' }: Props) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    setError(null);
    mutation.mutate(id, {
      onSuccess: () => {
        setOpen(false);
        toast.success(`Deleted ${noun} “${name}”`);
        onDeleted?.();
      },
      onError: (e) => {
        const inUse = e instanceof ApiClientError && e.status === 409;
        setError(inUse ? `It cannot be deleted while it is in use. ${e.message}.` : e.message);
        toast.error(`Could not delete ${noun} “${name}”`);
      },
    });
  };

  return (
    <>
      <Button
        size={size}
        variant={variant}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
        aria-label={`Delete ${noun} ${name}`}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        title={`Delete ${noun} “${name}”?`}
        confirmLabel={`Delete ${noun}`}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
        pending={mutation.isPending}
        error={error}
      >
        This cannot be undone. Its history records stay.
      </ConfirmDialog>
    </>
  );
}
