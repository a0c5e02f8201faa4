'use client';
// A kind's console page — its list, a record, a new one, an edit or its history — for the page
// files every kind shares (app/(console)/[kind], decisions 093 and 104). Each page type has its own
// table of loaders (./kind-pages/, written by scripts/kind-pages.ts from lib/client/kinds.ts),
// imported by its own page file only: a page's first load holds the loaders of its own page type,
// one per kind, not every kind's five. Each is loaded on demand
// (lib/client/on-demand.tsx): the server renders it into the HTML, the browser fetches the code of
// the kind shown only, from the moment the table's module is read.
// (next/dynamic would name the chunks in the HTML, but its own code weighs 1.5 kB more per page.)
import { Fragment, Suspense, type ComponentType, type ReactNode } from 'react';
import { LoadingState } from '@/components/ui/States';
import { onDemand } from '@/lib/client/on-demand';
import type { KindPage } from '@/lib/client/kinds';
import { findKind, findKindOfHistory, type KindKey } from '@/lib/kinds';

/** What every kind's page receives: its kind, and on a record's pages the record's id. */
export type KindPageProps = { kind: KindKey; id: string };

/** A page's code, loaded when asked for: `() => import('@/components/…').then((m) => m.Component)`. */
export type KindPageLoader = () => Promise<ComponentType<KindPageProps>>;

function ListBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingState />}>{children}</Suspense>;
}

/**
 * The page `page` of every kind, from its loaders (`satisfies Record<KindKey, …>` in each table: a
 * kind without the page fails the type check). In the browser, the code of the address's kind
 * starts loading as the table's module is read (with the page's first scripts, before hydration
 * reaches it), as a page file's own components would; the module is read by its page type's pages
 * only.
 */
export function kindView(page: KindPage, loaders: Readonly<Record<KindKey, KindPageLoader>>) {
  const views = new Map(Object.entries(loaders).map(([kind, load]) => [kind, onDemand(load)]));
  if (typeof window !== 'undefined') {
    // The address's kind: `/<kind>/…`, or `/history/<its history segment>`.
    const [first = '', second = ''] = window.location.pathname.split('/').filter(Boolean);
    const shown = page === 'history' ? findKindOfHistory(second) : findKind(first);
    if (shown) views.get(shown.key)?.preload().catch(() => undefined);
  }
  /**
   * The page of `kind` (a kind of the registry: the page files checked it); `id` its record's. A
   * list is in a Suspense boundary of its own: while its code is on the way, the rest of the page
   * (the shell) hydrates without it, so a key pressed meanwhile reaches the console's key script
   * (React holds back the events of a part that is not hydrated; without the boundary that part is
   * the whole page). The server renders it in place (its code is loaded there as the module is
   * read). Only on list pages, where the lost keys were seen. Whatever the boundary, a part that
   * is not live yet loses nothing (decision 106): its buttons and fields are disabled until it is,
   * and its tabs are links.
   */
  const Boundary = page === 'list' ? ListBoundary : Fragment;
  return function KindView({ kind, id = '' }: { kind: KindKey; id?: string }) {
    const View = views.get(kind)!;
    return (
      <Boundary>
        <View kind={kind} id={id} />
      </Boundary>
    );
  };
}
