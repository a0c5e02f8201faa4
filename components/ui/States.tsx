// The three states every data view has besides its content: loading, empty, error.
import type { ReactNode } from 'react';
import { ApiClientError } from '@/lib/client/api-error';
import { Button } from './Button';

export function LoadingState({ label = 'Loading…', rows = 4 }: { label?: string; rows?: number }) {
  return (
    <div className="state" role="status" aria-live="polite">
      <span className="spinner spinner-lg" aria-hidden="true" />
      <span>{label}</span>
      <div className="stack" style={{ width: 'min(420px, 100%)', gap: 10 }} aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          <div className="skeleton" key={i} style={{ width: `${90 - i * 12}%` }} />
        ))}
      </div>
    </div>
  );
}

/** `icon` is a character or a small inline SVG, shown large above the title (hidden from screen readers). */
export function EmptyState({ title, children, action, icon = '∅' }: { title: string; children?: ReactNode; action?: ReactNode; icon?: ReactNode }) {
  return (
    <div className="state">
      <span className="state-icon" aria-hidden="true">
        {icon}
      </span>
      <h2>{title}</h2>
      {children && <p>{children}</p>}
      {action}
    </div>
  );
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiClientError || error instanceof Error) return error.message;
  return 'Something went wrong';
}

export function ErrorState({ error, onRetry, title = 'Could not load this' }: { error: unknown; onRetry?: () => void; title?: string }) {
  const notFound = error instanceof ApiClientError && error.status === 404;
  return (
    <div className="state state-error" role="alert">
      <span className="state-icon" aria-hidden="true">
        !
      </span>
      <h2>{notFound ? 'Not found' : title}</h2>
      <p>{notFound ? 'It may have been deleted, or it belongs to another company.' : errorMessage(error)}</p>
      {onRetry && !notFound && <Button onClick={onRetry}>Try again</Button>}
    </div>
  );
}
