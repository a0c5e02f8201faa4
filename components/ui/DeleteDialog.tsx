'use client';
// The delete confirmation of ./DeleteButton.tsx, loaded when the button is first pressed (or
// pointed at) rather than with the page (decision 028): what goes and, for a resource others
// can use (`usageKind`), what uses it, read when the dialog opens: while anything does, the
// dialog lists it as links and the delete is unavailable. A refusal from the server (409:
// something started using it meanwhile) is shown in the dialog with its dependents. Toasts
// either way.
import { useState } from 'react';
import { toast } from '@/lib/client/toast';
import type { DependentRef } from '@/lib/errors';
import { ApiClientError } from '@/lib/client/api-error';
import { useUsage } from '@/lib/client/usage';
import { ConfirmDialog } from './ConfirmDialog';
import type { MutationView } from '@/lib/client/query-hub';
import type { UsageKind } from '@/lib/schemas/usage-kinds';
import { DependentLinks, dependentCount } from './UsedBy';

/** The props of ./DeleteButton.tsx, which hands them to this dialog. */
export type DeleteButtonProps = {
  id: string;
  name: string;
  /** "agent", "tool"... */
  noun: string;
  mutation: MutationView<string>;
  onDeleted?: () => void;
  size?: 'sm';
  variant?: 'danger' | 'danger-ghost';
  /** What the resource is to GET /{kind}/{id}/usage; absent for resources nothing uses (squads). */
  usageKind?: UsageKind;
};

export default function DeleteDialog({ id, name, noun, mutation, onDeleted, usageKind, open, onClose }: DeleteButtonProps & { open: boolean; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [refusedBy, setRefusedBy] = useState<DependentRef[]>([]);
  // Each opening starts clean (state adjusted while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setError(null);
      setRefusedBy([]);
    }
  }
  const checks = usageKind !== undefined && usageKind !== 'squads';
  const usage = useUsage(usageKind ?? 'squads', id, { enabled: open && checks });
  const checking = checks && open && usage.isFetching;
  const inUse = checks && !usage.isFetching && (usage.data?.total ?? 0) > 0;

  const confirm = () => {
    setError(null);
    setRefusedBy([]);
    mutation.mutate(id, {
      onSuccess: () => {
        onClose();
        toast.success(`Deleted ${noun} “${name}”`);
        onDeleted?.();
      },
      onError: (e) => {
        const conflict = e instanceof ApiClientError && e.status === 409;
        setError(conflict ? `It cannot be deleted while it is in use. ${e.message}.` : e.message);
        if (conflict) setRefusedBy(e.dependents);
        toast.error(`Could not delete ${noun} “${name}”`);
      },
    });
  };

  let details = null;
  if (refusedBy.length) {
    details = <DependentLinks items={refusedBy} label={`What uses ${noun} ${name}`} />;
  } else if (checking) {
    details = (
      <p className="row small" role="status" style={{ gap: 8 }}>
        <span className="spinner" aria-hidden="true" /> Checking what uses this {noun}…
      </p>
    );
  } else if (inUse && usageKind) {
    details = (
      <div className="stack" style={{ gap: 10 }} data-testid="delete-usage">
        <p className="callout" role="status" style={{ margin: 0 }}>
          In use: {dependentCount(usageKind, usage.data!.total)} {usage.data!.total === 1 ? 'uses' : 'use'} this {noun}. Remove it from{' '}
          {usage.data!.total === 1 ? 'that one' : 'them'} first; then it can be deleted.
        </p>
        <DependentLinks items={usage.data!.items} total={usage.data!.total} label={`What uses ${noun} ${name}`} />
      </div>
    );
  } else if (checks && usage.isError) {
    details = <p className="small">Could not check what uses it; the server refuses the delete if anything does.</p>;
  }

  return (
    <ConfirmDialog
      open={open}
      title={`Delete ${noun} “${name}”?`}
      confirmLabel={`Delete ${noun}`}
      onConfirm={confirm}
      onCancel={onClose}
      pending={mutation.isPending}
      error={error}
      details={details}
      confirmDisabled={checking || inUse}
    >
      {inUse ? `It cannot be deleted while it is in use.` : 'This cannot be undone. Its history records stay.'}
    </ConfirmDialog>
  );
}
