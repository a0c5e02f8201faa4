'use client';
// The end of every form: Cancel (a link that leaves on purpose, throwing the changes away) and
// the submit button, disabled with a spinner while the request is in flight. It installs the
// unsaved-changes guard (leave-guard.ts) while the form is dirty and not being sent. In an edit
// form the submit button is disabled while the form equals what was loaded.
import { Button } from '../Button';
import { ButtonLink } from '../ButtonLink';
import { LEAVE_ON_PURPOSE, useFormLeaveGuard } from '../leave-guard';

type Props = {
  submitLabel: string;
  /** While saving: a different label (e.g. "Uploading…"), else the submit label. */
  pendingLabel?: string;
  cancelHref: string;
  /** In flight: the page's mutation or the form's own submit. */
  pending: boolean;
  /** formState.isDirty: guards leaving the page. */
  dirty: boolean;
  /** An edit form: submitting is disabled while it equals what was loaded (nothing to save). */
  requireChange?: boolean;
};

export function SubmitBar({ submitLabel, pendingLabel, cancelHref, pending, dirty, requireChange }: Props) {
  useFormLeaveGuard(dirty);
  const nothingToSave = Boolean(requireChange) && !dirty && !pending;
  return (
    <div className="form-actions">
      {nothingToSave && <span className="muted small">No changes to save</span>}
      <ButtonLink href={cancelHref} {...LEAVE_ON_PURPOSE}>
        Cancel
      </ButtonLink>
      <Button type="submit" variant="primary" pending={pending} disabled={nothingToSave}>
        {pending && pendingLabel ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
