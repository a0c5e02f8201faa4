// The console's pages of every kind, each written once (decisions 092, 093): a kind's list (its
// first page read on the server), a record (its data read on the server), a new one and an edit
// (for the roles that may), from the page files under app/(console)/[kind] (its history:
// app/(console)/history/[kind], which needs none of this file's client code). The kind comes
// from the address and the registry (lib/kinds): an unknown one is the 404 page. Each kind's
// components are loaded per kind and page type (components/console/KindView.tsx): the page file
// hands its page type's view in (`listPage(KindList)`), so that a page's client code holds its own
// page type's loaders only (decision 104); a view imported here would be in every page's.
import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { ComponentType } from 'react';
import { findKind, type Kind, type KindKey } from '@/lib/kinds';
import { CanOpen } from '@/components/ui/Can';
import { CreatePage } from './gates';
import './kind-styles';
import { detailSeeds, editSeeds, formSeeds, Prefetched } from './prefetched';

type KindParams = { params: Promise<{ kind: string }> };
/** A page type's view of every kind (components/console/kind-pages/). */
type View = ComponentType<{ kind: KindKey; id?: string }>;
type IdParams = { params: Promise<{ kind: string; id: string }> };

/** The kind of the address's `[kind]` segment, or the 404 page. */
async function pageKind(params: KindParams['params']): Promise<Kind> {
  const kind = findKind((await params).kind);
  if (!kind) notFound();
  return kind;
}

/** The title of a kind's page ("Agents", "Agent", "New agent", "Edit agent"). */
export const kindTitle =
  (title: (kind: Kind) => string) =>
  async ({ params }: KindParams): Promise<Metadata> => {
    const kind = findKind((await params).kind);
    return { title: kind ? title(kind) : 'Page not found' };
  };

/** A list page: the first page of the kind (and the whole of the lists beside it) already in the query cache. */
export const listPage = (KindView: View) =>
  async function ListPage({ params }: KindParams) {
    const kind = await pageKind(params);
    return (
      <Prefetched lists={kind.pages.listWith} pages={[kind.key]}>
        {/* No Suspense boundary: the page is dynamic (it reads the session), so the list's
            useSearchParams does not suspend, and a boundary lets React stream a large first page
            after a skeleton (decision 019). */}
        <KindView kind={kind.key} />
      </Prefetched>
    );
  };

/**
 * A detail page, rendered on the server with its data (issue 22): the record, its versions, what
 * uses it and its recent changes are read into the page (prefetched.tsx), so it opens without a
 * skeleton.
 */
export const detailPage = (KindView: View) =>
  async function DetailPage({ params, searchParams }: IdParams & { searchParams: Promise<{ tab?: string | string[] }> }) {
    const kind = await pageKind(params);
    const { id } = await params;
    const { tab } = await searchParams;
    return (
      <Prefetched lists={kind.pages.detailWith} more={detailSeeds(kind.key, id, tab)}>
        <KindView kind={kind.key} id={id} />
      </Prefetched>
    );
  };

/**
 * The page that creates a resource of the address's kind: open to the roles that may
 * (components/ui/Can.tsx), with the session and the lists its form picks from read into the page
 * (decision 099).
 */
export const newPage = (KindView: View) =>
  async function NewPage({ params }: KindParams) {
    const kind = await pageKind(params);
    return (
      <Prefetched lists={kind.pages.formWith} more={formSeeds(kind.key)}>
        <CreatePage kind={kind.key}>
          <KindView kind={kind.key} />
        </CreatePage>
      </Prefetched>
    );
  };

/** A page that edits the resource of the kind named by the address: its record and version read into the page too. */
export const editPage = (KindView: View) =>
  async function EditPage({ params }: IdParams) {
    const kind = await pageKind(params);
    const { id } = await params;
    return (
      <Prefetched lists={kind.pages.formWith} more={editSeeds(kind.key, id)}>
        <CanOpen kind={kind.key} verb="update">
          <KindView kind={kind.key} id={id} />
        </CanOpen>
      </Prefetched>
    );
  };
