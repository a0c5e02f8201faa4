// Small labels: status badges and lists of tags.
import type { ReactNode } from 'react';
import { Truncate } from './Truncate';

export function Badge({ tone, children }: { tone?: 'success' | 'danger' | 'warning' | 'accent'; children: ReactNode }) {
  return <span className={tone ? `badge badge-${tone}` : 'badge'}>{children}</span>;
}

export function EnabledBadge({ enabled }: { enabled: boolean }) {
  return <Badge tone={enabled ? 'success' : undefined}>{enabled ? 'Enabled' : 'Disabled'}</Badge>;
}

/** The items as chips; with `max`, the first `max` and a "+N" chip naming the others. */
export function TagList({ items, empty = '—', max }: { items: string[]; empty?: string; max?: number }) {
  if (!items.length) return <span className="muted">{empty}</span>;
  const shown = max !== undefined && items.length > max ? items.slice(0, max) : items;
  const rest = items.slice(shown.length);
  return (
    <span className="tags">
      {shown.map((item) => (
        <Truncate className="tag" key={item} text={item} />
      ))}
      {rest.length > 0 && (
        <span className="tag tag-more" title={rest.join(', ')}>
          +{rest.length}
          <span className="visually-hidden"> more: {rest.join(', ')}</span>
        </span>
      )}
    </span>
  );
}
