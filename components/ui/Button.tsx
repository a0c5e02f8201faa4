'use client';
// Buttons of the design system. `pending` disables the button and shows a spinner while a request is in flight.
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useHydrated } from '@/lib/client/hydrated';

/**
 * A button does nothing before the page's code is live: pressed in the HTML, the press would be
 * lost (decision 106). So it is disabled until then; `data-waiting` marks one disabled for that
 * reason only, which looks as usual but for the cursor (globals.css). For every button of the
 * console: Button, Switch and the few raw ones (a table's sort headers).
 */
export function useLiveDisabled(disabled: boolean | undefined): { disabled: boolean; 'data-waiting'?: '' } {
  const live = useHydrated();
  return { disabled: !!disabled || !live, 'data-waiting': !live && !disabled ? '' : undefined };
}

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'danger-ghost';

export function buttonClass(variant: ButtonVariant = 'secondary', size?: 'sm', extra?: string): string {
  return ['btn', variant !== 'secondary' && `btn-${variant}`, size && `btn-${size}`, extra].filter(Boolean).join(' ');
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: 'sm'; pending?: boolean; children: ReactNode };

export function Button({ variant, size, pending = false, disabled, className, children, type = 'button', ...rest }: ButtonProps) {
  const live = useLiveDisabled(disabled || pending);
  return (
    <button type={type} className={buttonClass(variant, size, className)} {...live} aria-busy={pending || undefined} {...rest}>
      {pending && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
