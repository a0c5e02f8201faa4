'use client';
// A control the caller's role (or a rule such as "the last owner") does not allow: shown disabled
// but still focusable (aria-disabled), with its reason on hover and on keyboard focus, tied to it
// by aria-describedby (decision 079). What a viewer must not see at all is hidden instead.
import { useId, type ReactNode } from 'react';
import { buttonClass, type ButtonVariant } from './Button';

/** Renders `children(describedBy)` with the reason beside it, shown while the control is hovered or focused. */
export function Refused({ reason, children }: { reason: string; children: (describedBy: string) => ReactNode }) {
  const id = useId();
  return (
    <span className="refused">
      {children(id)}
      <span id={id} role="tooltip" className="refused-tip">
        {reason}
      </span>
    </span>
  );
}

/** A button that cannot be used here: disabled to the eye and to assistive technology, focusable, explained. */
export function RefusedButton({ reason, children, variant, size, label }: { reason: string; children: ReactNode; variant?: ButtonVariant; size?: 'sm'; label?: string }) {
  return (
    <Refused reason={reason}>
      {(describedBy) => (
        <button type="button" className={buttonClass(variant, size)} aria-disabled="true" aria-describedby={describedBy} aria-label={label}>
          {children}
        </button>
      )}
    </Refused>
  );
}
