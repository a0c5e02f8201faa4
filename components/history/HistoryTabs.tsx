'use client';
// The history sections, one per kind of the registry (lib/kinds), as tabs; each is its own page.
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { KINDS } from '@/lib/kinds';
import './history.css';

const HISTORY_SECTIONS = KINDS.map((k) => ({ href: `/history/${k.pages.history}`, label: k.titlePlural }));

export function HistoryTabs() {
  const pathname = usePathname();
  return (
    <nav className="history-tabs" aria-label="History sections">
      <ul>
        {HISTORY_SECTIONS.map((section) => (
          <li key={section.href}>
            <Link href={section.href} aria-current={pathname === section.href ? 'page' : undefined}>
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
