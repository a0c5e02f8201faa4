'use client';
// A console form: it takes input only once the page is live (./LiveFieldset.tsx), a submit the
// browser would make by itself posts (never a value in the address), validation is the form's own
// (noValidate), and `alert` is what the server refused it for (decision 106).
import type { FormHTMLAttributes, ReactNode } from 'react';
import { LiveFieldset } from './LiveFieldset';

type Props = Omit<FormHTMLAttributes<HTMLFormElement>, 'method' | 'noValidate'> & { alert?: string; children: ReactNode };

export function LiveForm({ alert, children, className = 'form', ...rest }: Props) {
  return (
    <form className={className} method="post" noValidate {...rest}>
      <LiveFieldset>
        {alert && (
          <p className="form-alert" role="alert">
            {alert}
          </p>
        )}
        {children}
      </LiveFieldset>
    </form>
  );
}
