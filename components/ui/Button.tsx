'use client';
// Buttons of the design system. `pending` disables the button and shows a spinner while a request is in flight.
import type { ButtonHTMLAttributes, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'danger-ghost';

export function buttonClass(variant: ButtonVariant = 'secondary', size?: 'sm', extra?: string): string {
  return ['btn', variant !== 'secondary' && `btn-${variant}`, size && `btn-${size}`, extra].filter(Boolean).join(' ');
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: 'sm'; pending?: boolean; children: ReactNode };

export function Button({ variant, size, pending = false, disabled, className, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClass(variant, size, className)} disabled={disabled || pending} aria-busy={pending || undefined} {...rest}>
      {pending && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
