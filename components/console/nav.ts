// The console's main navigation (the sidebar, and the command palette's pages): Home, one entry
// per kind of the registry (lib/kinds), then the pages that are not a kind's.
import { KINDS, consoleHref } from '@/lib/kinds';

export const NAV: readonly { href: string; label: string; icon: string }[] = [
  { href: '/', label: 'Home', icon: '⌂' },
  ...KINDS.map((k) => ({ href: consoleHref(k), label: k.titlePlural, icon: k.icon })),
  { href: '/history', label: 'History', icon: '↺' },
  // Admin and owner only (D12): the API answers others 403.
  { href: '/activity', label: 'Activity', icon: '≡' },
  { href: '/docs', label: 'API reference', icon: '⌘' },
  { href: '/settings', label: 'Settings', icon: '⚙' },
];
