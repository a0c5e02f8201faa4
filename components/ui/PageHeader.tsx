// A page's title block: optional breadcrumb link back, title, one-line description, actions.
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Truncate } from './Truncate';

type Props = { title: ReactNode; description?: ReactNode; back?: { href: string; label: string }; actions?: ReactNode };

export function PageHeader({ title, description, back, actions }: Props) {
  return (
    <header className="page-header">
      <div className="page-header-text">
        {back && (
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <Link href={back.href} className="truncate" title={back.label}>
              ← {back.label}
            </Link>
          </nav>
        )}
        <h1>{title}</h1>
        {/* A description given as text (e.g. an agent's role) stops after two lines; the whole text is its title. */}
        {typeof description === 'string' ? description && <Truncate as="p" className="muted" text={description} lines={2} /> : description && <p className="muted">{description}</p>}
      </div>
      {actions && <div className="row">{actions}</div>}
    </header>
  );
}
