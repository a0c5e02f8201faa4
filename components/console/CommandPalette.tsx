'use client';
// The command palette (Ctrl/⌘+K, issue 9): finds any agent, squad, tool, knowledge base or AI
// model by name, or a page, and jumps to it. Loaded on first use only (React.lazy in
// ./KeyboardShortcuts), so it adds nothing to a page's first load. The lists come through
// react-query when it opens (the list pages' cache) and are filtered in memory by
// ./palette-search (at most 50 drawn), so thousands of resources stay instant.
import { Icon } from '@/components/ui/icons';
import { Command } from 'cmdk';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useRole } from '@/lib/client/access';
import { KIND_LISTS } from '@/lib/client/kinds';
import type { Role } from '@/lib/kinds/access';
import { KINDS, type Kind } from '@/lib/kinds';
import { NAV } from './nav';
import { searchEntries, toEntries, type PaletteEntry } from './palette-search';

const PAGES: { name: string; href: string; need: Role }[] = [
  ...NAV.map((item) => ({ name: item.label, href: item.href, need: item.need })),
  ...KINDS.map((k) => ({ name: `New ${k.singular}`, href: `/${k.key}/new`, need: k.roles.create })),
];

const PAGE_ENTRIES = PAGES.map((p) => ({ need: p.need, entry: { key: `page:${p.href}`, kind: 'Page', name: p.name, lower: p.name.toLowerCase(), href: p.href } satisfies PaletteEntry }));

/** Each list's entries, made once per answer (react-query keeps an unchanged answer the same array). */
const ENTRIES = new WeakMap<readonly { id: string; name: string }[], PaletteEntry[]>();
function entriesOf(k: Kind, records: readonly { id: string; name: string }[] | undefined): PaletteEntry[] {
  if (!records) return [];
  let entries = ENTRIES.get(records);
  if (!entries) ENTRIES.set(records, (entries = toEntries(k.title, k.key, records)));
  return entries;
}

export default function CommandPalette({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const router = useRouter();
  const [query, setQuery] = useState('');
  const access = useRole();
  // One list per kind, always in the registry's order (KINDS never changes while the page runs).
  const lists = KINDS.map((k) => ({ kind: k, q: KIND_LISTS[k.key].useList() }));

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    dialog?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  const all = [...KINDS.flatMap((k, i) => entriesOf(k, lists[i].q.data)), ...PAGE_ENTRIES.filter((p) => access.reaches(p.need)).map((p) => p.entry)];
  const { shown, total } = searchEntries(all, query);
  const loading = lists.some((l) => l.q.isPending);
  const failed = lists.filter((l) => l.q.isError);

  const go = (href: string) => {
    onClose();
    router.push(href);
  };

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop is a pointer shortcut; the keyboard closes the dialog with Escape (onCancel)
    <dialog
      ref={ref}
      className="dialog palette"
      aria-label="Command palette"
      data-testid="command-palette"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose(); // a click on the backdrop
      }}
    >
      <Command label="Find anything" shouldFilter={false} loop>
        <div className="palette-input">
          <Icon name="search" />
          <Command.Input value={query} onValueChange={setQuery} placeholder="Find an agent, squad, tool, knowledge base, model or page…" aria-label="Find by name" maxLength={200} />
          <kbd>Esc</kbd>
        </div>
        <Command.List className="palette-list">
          {loading && <Command.Loading>Loading your resources…</Command.Loading>}
          {!loading && shown.length === 0 && <Command.Empty>Nothing is named like “{query}”.</Command.Empty>}
          {shown.map((entry) => (
            <Command.Item key={entry.key} value={entry.key} onSelect={() => go(entry.href)} className="palette-item">
              <span className="palette-name" title={entry.name}>
                {entry.name}
              </span>
              <span className="palette-kind">{entry.kind}</span>
            </Command.Item>
          ))}
        </Command.List>
        <div className="palette-footer small muted" aria-live="polite">
          {failed.length > 0 ? (
            <span role="alert">
              Could not load {failed.map((l) => l.kind.plural).join(', ')}.{' '}
              <button type="button" className="link-button" onClick={() => failed.forEach((l) => l.q.refetch())}>
                Try again
              </button>
            </span>
          ) : (
            <span>{total > shown.length ? `Showing ${shown.length} of ${total}: type more to narrow down.` : `${total} ${total === 1 ? 'match' : 'matches'}`}</span>
          )}
          <span className="spacer" />
          <span>
            <kbd>↑</kbd> <kbd>↓</kbd> to move, <kbd>Enter</kbd> to open
          </span>
        </div>
      </Command>
    </dialog>
  );
}
