// The console's main navigation (the sidebar, and the command palette's pages).
export const NAV = [
  { href: '/', label: 'Home', icon: '⌂' },
  { href: '/agents', label: 'Agents', icon: '◎' },
  { href: '/squads', label: 'Squads', icon: '⬡' },
  { href: '/tools', label: 'Tools', icon: '⚒' },
  { href: '/knowledge-bases', label: 'Knowledge bases', icon: '▤' },
  { href: '/ai-models', label: 'AI models', icon: '✦' },
  { href: '/history', label: 'History', icon: '↺' },
  { href: '/docs', label: 'API reference', icon: '⌘' },
  { href: '/settings', label: 'Settings', icon: '⚙' },
] as const;
