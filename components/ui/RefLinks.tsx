// References to other records, shown by name as links to their detail pages. A record that is
// not in the loaded list (still loading, or gone) shows its id, still as a link.
import Link from 'next/link';

export type Ref = { id: string; name?: string };

/** `/tools` + id → `/tools/<id>` */
export const refHref = (base: string, id: string): string => `${base}/${encodeURIComponent(id)}`;

export function RefLink({ base, item }: { base: string; item: Ref }) {
  return (
    <Link className="ref-link" prefetch={false} href={refHref(base, item.id)}>
      {item.name ?? item.id}
    </Link>
  );
}

export function RefLinks({ base, items, empty = 'None', label }: { base: string; items: Ref[]; empty?: string; label: string }) {
  if (!items.length) return <span className="muted">{empty}</span>;
  return (
    <ul className="tags ref-links" aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <RefLink base={base} item={item} />
        </li>
      ))}
    </ul>
  );
}
