// Small labels: status badges and lists of tags.
import type { ReactNode } from 'react';

export function Badge({ tone, children }: { tone?: 'success' | 'danger' | 'warning' | 'accent'; children: ReactNode }) {
  return <span className={tone ? `badge badge-${tone}` : 'badge'}>{children}</span>;
}

export function EnabledBadge({ enabled }: { enabled: boolean }) {
  return <Badge tone={enabled ? 'success' : undefined}>{enabled ? 'Enabled' : 'Disabled'}</Badge>;
}

export function TagList({ items, empty = '—' }: { items: string[]; empty?: string }) {
  if (!items.length) return <span className="muted">{empty}</span>;
  return (
    <span className="tags">
      {items.map((item) => (
        <span className="tag" key={item}>
          {item}
        </span>
      ))}
    </span>
  );
}
