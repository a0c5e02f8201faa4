'use client';
// "Details | History" tabs of a detail page (ARIA tabs: arrow keys move between them). The open
// tab is kept in the address (`?tab=history`) so a reload or a shared link opens the same one.
import { usePathname, useSearchParams } from 'next/navigation';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
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
  const refs = useRef<Record<TabKey, HTMLButtonElement | null>>({ details: null, history: null });

  const open = (key: TabKey, focus = false) => {
    const next = new URLSearchParams(params.toString());
    if (key === 'details') next.delete('tab');
    else next.set('tab', key);
    const query = next.toString();
    // Next.js keeps useSearchParams in step with the History API: no server round trip for a tab.
    window.history.replaceState(null, '', query ? `${pathname}?${query}` : pathname);
    if (focus) refs.current[key]?.focus();
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
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[tab.key] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-${tab.key}-tab`}
            aria-selected={current === tab.key}
            aria-controls={`${id}-${tab.key}-panel`}
            tabIndex={current === tab.key ? 0 : -1}
            onClick={() => open(tab.key)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
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
