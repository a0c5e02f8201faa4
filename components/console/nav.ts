// The console's main navigation (the sidebar, and the command palette's pages): Home, one entry
// per kind of the registry (lib/kinds), then the pages that are not a kind's. Each names the
// role it needs (D11): a person sees only the entries their role opens (decision 079).
import { KINDS, consoleHref } from '@/lib/kinds';
import type { Role } from '@/lib/kinds/access';

export type NavItem = { href: string; label: string; icon: string; need: Role };

export const NAV: readonly NavItem[] = [
  { href: '/', label: 'Home', icon: '⌂', need: 'viewer' },
  ...KINDS.map((k) => ({ href: consoleHref(k), label: k.titlePlural, icon: k.icon, need: k.roles.read })),
  { href: '/history', label: 'History', icon: '↺', need: 'viewer' },
  { href: '/docs', label: 'API reference', icon: '⌘', need: 'viewer' },
  { href: '/settings/members', label: 'Members', icon: '⚇', need: 'viewer' },
  // Admin and owner only (D12): the API answers others 403.
  { href: '/activity', label: 'Activity', icon: '≡', need: 'admin' },
  { href: '/settings/api-keys', label: 'API keys', icon: '◈', need: 'admin' },
  { href: '/settings', label: 'Settings', icon: '⚙', need: 'viewer' },
];

/** The entries open to a role (`reaches`: lib/client/access.ts's useRole). */
export const navFor = (reaches: (need: Role) => boolean): NavItem[] => NAV.filter((item) => reaches(item.need));
