'use client';
// The console's frame: a sidebar (a top bar with a menu on phones) with the navigation, search
// (the command palette), the theme and shortcuts buttons, the signed-in person and sign-out; the
// page in <main>.
import { Icon } from '@/components/ui/icons';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { toast } from '@/lib/client/toast';
import { Button } from '@/components/ui/Button';
import { useSession, useSignOut } from '@/lib/client/session';
import './everyday.css';
import { useConsoleOverlays } from './KeyboardShortcuts';
import { useRole } from '@/lib/client/access';
import { FORBIDDEN_EVENT } from '@/lib/client/api-error';
import { NAV, navFor } from './nav';
import { ThemeToggle } from './ThemeToggle';

export { NAV };

/** How long after the console opens its navigation is prefetched (then when the browser is idle). */
const PREFETCH_AFTER_MS = 1000;

/**
 * The navigation's pages, prefetched once per console visit when the opened page has settled.
 * next/link would prefetch each link as it comes into view, at hydration, and again whenever the
 * router's tree changes: with the designer, two rounds of eight server renders competed with the
 * canvas for the machine while it opened (decision 028; bench/RESULTS.md, 2026-11-24, sixth round, "The designer's opening at 100 tasks").
 */
function usePrefetchNavigation() {
  const router = useRouter();
  useEffect(() => {
    let idle: number | undefined;
    const prefetch = () => {
      for (const item of NAV) router.prefetch(item.href);
    };
    const timer = window.setTimeout(() => {
      if (window.requestIdleCallback) idle = window.requestIdleCallback(prefetch, { timeout: 2000 });
      else prefetch();
    }, PREFETCH_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [router]);
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

export function ConsoleShell({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const session = useSession();
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  // A navigation closes the menu (state adjusted while rendering, not in an effect).
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  const overlays = useConsoleOverlays();
  const access = useRole();
  const nav = navFor(access.reaches);
  // The page's entry: the most specific one that holds it (/settings/members is Members, not Settings).
  const here = nav.filter((item) => pathname === item.href || (item.href !== '/' && pathname.startsWith(`${item.href}/`))).sort((a, b) => b.href.length - a.href.length)[0];
  // A 403 may mean the role or sectors changed since the session was read: read it again, so the
  // console hides what is no longer allowed (lib/client/api.ts dispatches the event).
  const refetchSession = session.refetch;
  useEffect(() => {
    const reread = () => void refetchSession();
    window.addEventListener(FORBIDDEN_EVENT, reread);
    return () => window.removeEventListener(FORBIDDEN_EVENT, reread);
  }, [refetchSession]);
  usePrefetchNavigation();

  const onSignOut = () => signOut.mutate(undefined, { onError: (error) => toast.error(`Could not sign out: ${error.message}`) });

  const person = session.data?.user ?? null;
  const who = person?.name ?? session.data?.actor.name ?? '';

  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <aside className="sidebar" data-open={menuOpen}>
        <Link href="/" className="brand" prefetch={false}>
          <span className="brand-mark" aria-hidden="true">
            ◆
          </span>
          <span>
            Agent Console
            {session.data && <span className="brand-company">{session.data.company.name}</span>}
          </span>
        </Link>
        <div className="sidebar-tools">
          <Button size="sm" className="btn-sidebar btn-search" onClick={() => overlays.open('palette')} aria-haspopup="dialog" aria-keyshortcuts="Control+K Meta+K" title="Search (Ctrl+K or ⌘K)">
            <Icon name="search" />
            <span className="btn-search-label">Search</span>
            <kbd className="btn-search-kbd" aria-hidden="true">
              Ctrl K
            </kbd>
          </Button>
          <ThemeToggle />
          <Button size="sm" className="btn-sidebar btn-shortcuts" onClick={() => overlays.open('shortcuts')} aria-haspopup="dialog" aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)">
            <span aria-hidden="true">?</span>
          </Button>
        </div>
        <Button className="menu-toggle btn-sm" aria-expanded={menuOpen} aria-controls="console-menu" onClick={() => setMenuOpen((open) => !open)}>
          {menuOpen ? 'Close' : 'Menu'}
        </Button>
        <div className="sidebar-panel" id="console-menu">
          <nav className="nav" aria-label="Main">
            <ul>
              {nav.map((item) => {
                const current = item === here;
                return (
                  <li key={item.href}>
                    <Link href={item.href} aria-current={current ? 'page' : undefined} prefetch={false}>
                      <span className="nav-icon" aria-hidden="true">
                        {item.icon}
                      </span>
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="sidebar-footer">
            <div className="user">
              <span className="avatar" aria-hidden="true">
                {who ? initials(who) : '…'}
              </span>
              <span className="user-text">
                <span>
                  <span className="visually-hidden">Signed in as </span>
                  <span data-testid="signed-in-name">{session.isPending ? 'Loading…' : who}</span>
                </span>
                {person && <span className="user-email">{person.email}</span>}
              </span>
            </div>
            <Button className="btn-sm btn-signout" onClick={onSignOut} pending={signOut.isPending}>
              Sign out
            </Button>
          </div>
        </div>
      </aside>
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      {overlays.element}
    </div>
  );
}
