'use client';
// "Details | History" tabs of a detail page (ARIA tabs: arrow keys move between them). The open
// tab is kept in the address (`?tab=history`) so a reload or a shared link opens the same one.
// Each tab is a link to its address: a click before the page is hydrated (its code may still be on
// the way, decision 104) opens that address, which the server renders with the tab open, instead
// of being lost; once hydrated, a click switches the tab in place.
import { usePathname, useSearchParams } from 'next/navigation';
import { useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import './versions.css';

const TABS = [
  { key: 'details', label: 'Details' },
  { key: 'history', label: 'History' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

export function DetailTabs({ details, history }: { details: ReactNode; history: ReactNode }) {
  const pathname = usePathname();
  const params = useSearchParams();
  const current: TabKey = params.get('tab') === 'history' ? 'history' : 'details';
  const id = useId();
  const refs = useRef<Record<TabKey, HTMLAnchorElement | null>>({ details: null, history: null });

  const href = (key: TabKey) => {
    const next = new URLSearchParams(params.toString());
    if (key === 'details') next.delete('tab');
    else next.set('tab', key);
    const query = next.toString();
    return query ? `${pathname}?${query}` : pathname;
  };

  const open = (key: TabKey, focus = false) => {
    // Next.js keeps useSearchParams in step with the History API: no server round trip for a tab.
    window.history.replaceState(null, '', href(key));
    if (focus) refs.current[key]?.focus();
  };

  const onClick = (key: TabKey) => (event: MouseEvent) => {
    // A click with a modifier opens the tab's address in a new tab or window, as a link does.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(key);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.findIndex((t) => t.key === current);
    const move = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: TABS.length - 1 - index }[event.key];
    if (move === undefined) return;
    event.preventDefault();
    open(TABS[(index + move + TABS.length) % TABS.length].key, true);
  };

  return (
    <div className="stack">
      <div role="tablist" aria-label="Sections" className="detail-tabs">
        {TABS.map((tab) => (
          <a
            key={tab.key}
            ref={(el) => {
              refs.current[tab.key] = el;
            }}
            href={href(tab.key)}
            role="tab"
            id={`${id}-${tab.key}-tab`}
            aria-selected={current === tab.key}
            aria-controls={`${id}-${tab.key}-panel`}
            tabIndex={current === tab.key ? 0 : -1}
            onClick={onClick(tab.key)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </a>
        ))}
      </div>
      {TABS.map((tab) => (
        <div key={tab.key} role="tabpanel" id={`${id}-${tab.key}-panel`} aria-labelledby={`${id}-${tab.key}-tab`} hidden={current !== tab.key}>
          {current === tab.key && (tab.key === 'details' ? details : history)}
        </div>
      ))}
    </div>
  );
}
