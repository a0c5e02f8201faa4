import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { LeaveGuardListeners } from '@/components/ui/leave-guard';
import { Providers } from '@/lib/client/providers';
import './globals.css';

export const metadata: Metadata = {
  title: { template: '%s · Agent Orchestration Console', default: 'Agent Orchestration Console' },
  description: 'Manage your company’s AI agents, squads, tools, knowledge bases and models.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
        <LeaveGuardListeners />
      </body>
    </html>
  );
}
