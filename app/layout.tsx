import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { SHORTCUT_SCRIPT } from '@/components/console/shortcut-script';
import { THEME_SCRIPT } from '@/components/console/theme-script';
import { LeaveGuardListeners } from '@/components/ui/leave-guard';
import { ConsoleToaster } from '@/lib/client/lazy-toaster';
import './globals.css';

export const metadata: Metadata = {
  title: { template: '%s · Agent Orchestration Console', default: 'Agent Orchestration Console' },
  description: 'Manage your company’s AI agents, squads, tools, knowledge bases and models.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The theme script sets data-theme on <html> before React hydrates it (decision 018).
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        {/* Ctrl/⌘+K and ? are heard from the first paint, and handed to the console once it runs (issue 23). */}
        <script dangerouslySetInnerHTML={{ __html: SHORTCUT_SCRIPT }} />
      </head>
      <body>
        {children}
        {/* The console's QueryClient is in app/(console)/layout.tsx: sign-in and setup need none (decision 028). */}
        <ConsoleToaster />
        <LeaveGuardListeners />
      </body>
    </html>
  );
}
