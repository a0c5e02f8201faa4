// The history pages: one heading, the sections as tabs (agents, squads, tools, knowledge bases, AI models), the section below.
import { Suspense, type ReactNode } from 'react';
import { HistoryTabs } from '@/components/history/HistoryTabs';
import { PageHeader } from '@/components/ui/PageHeader';
import { LoadingState } from '@/components/ui/States';

export default function HistoryLayout({ children }: { children: ReactNode }) {
  return (
    <div className="page">
      <PageHeader title="History" description="Who changed what, and when, across agents, squads, tools, knowledge bases and AI models." />
      <HistoryTabs />
      {/* The sections read their filters from the address (useSearchParams): one boundary for all. */}
      <Suspense fallback={<LoadingState label="Loading the history…" />}>{children}</Suspense>
    </div>
  );
}
