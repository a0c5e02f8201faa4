// The history pages: one heading, the sections as tabs (agents, squads, tools, knowledge bases, AI models), the section below.
import type { ReactNode } from 'react';
import { HistoryTabs } from '@/components/history/HistoryTabs';
import { PageHeader } from '@/components/ui/PageHeader';

export default function HistoryLayout({ children }: { children: ReactNode }) {
  return (
    <div className="page">
      <PageHeader title="History" description="Who changed what, and when, across agents, squads, tools, knowledge bases and AI models." />
      <HistoryTabs />
      {/* The section's Suspense boundary is its page's (app/(console)/page-kit.tsx), below the
          check of its address: an unknown section is a 404, not a 200 streamed before it. */}
      {children}
    </div>
  );
}
