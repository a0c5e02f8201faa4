'use client';
// The history sections (agents, squads, tools, knowledge bases, AI models) as tabs; each is its own page.
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import './history.css';

export const HISTORY_SECTIONS = [
  { href: '/history/agents', label: 'Agents' },
  { href: '/history/squads', label: 'Squads' },
  { href: '/history/tools', label: 'Tools' },
  { href: '/history/knowledge-bases', label: 'Knowledge bases' },
  { href: '/history/models', label: 'AI models' },
] as const;

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
