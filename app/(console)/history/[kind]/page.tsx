// A kind's history (/history/agents, /history/models, …), for every kind of the registry
// (decisions 093, 104): the kind whose history segment the address names, or the 404 page. Apart
// from page-kit.tsx, whose client code (the gates, the seeds) a history page does not need.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { KindHistory } from '@/components/console/kind-pages/history';
import { LoadingState } from '@/components/ui/States';
import { findKindOfHistory } from '@/lib/kinds';
import '../../kind-styles';

type Params = { params: Promise<{ kind: string }> };

/** Its title ("Agent history"). */
export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const kind = findKindOfHistory((await params).kind);
  return { title: kind ? `${kind.title} history` : 'Page not found' };
}

export default async function HistoryPage({ params }: Params) {
  const kind = findKindOfHistory((await params).kind);
  if (!kind) notFound();
  return (
    // The sections read their filters from the address (useSearchParams).
    <Suspense fallback={<LoadingState label="Loading the history…" />}>
      <KindHistory kind={kind.key} />
    </Suspense>
  );
}
