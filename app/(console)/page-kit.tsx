// The shapes the console's kind pages share, each written once: a list page (its first page read
// on the server), a detail page (its data read on the server), and a page a role may not open (new,
// edit, the admins' pages). A page file names its title, its kind and its component.
import 'server-only';
import type { ComponentType } from 'react';
import type { Role } from '@/lib/kinds/access';
import type { KindKey } from '@/lib/kinds';
import { CanOpen, RoleOpens } from '@/components/ui/Can';
import { detailSeeds, editSeeds, FORM_LISTS, formSeeds, Prefetched } from './prefetched';

type IdParams = { params: Promise<{ id: string }> };

/** A list page: the first page of `kind` (and the whole of `lists`) already in the query cache. */
export function listPage(kind: KindKey, List: ComponentType, lists?: KindKey[]) {
  return function ListPage() {
    return (
      <Prefetched lists={lists} pages={[kind]}>
        {/* No Suspense boundary: the page is dynamic (it reads the session), so the list's
            useSearchParams does not suspend, and a boundary lets React stream a large first page
            after a skeleton (decision 019). */}
        <List />
      </Prefetched>
    );
  };
}

/**
 * A detail page, rendered on the server with its data (issue 22): the record, its versions, what
 * uses it and its recent changes are read into the page (prefetched.tsx), so it opens without a
 * skeleton.
 */
export function detailPage(kind: KindKey, Detail: ComponentType<{ id: string }>, lists?: KindKey[]) {
  return async function DetailPage({ params, searchParams }: IdParams & { searchParams: Promise<{ tab?: string | string[] }> }) {
    const { id } = await params;
    const { tab } = await searchParams;
    return (
      <Prefetched lists={lists} more={detailSeeds(kind, id, tab)}>
        <Detail id={id} />
      </Prefetched>
    );
  };
}

/**
 * A page that creates a resource of `kind`: open to the roles that may (components/ui/Can.tsx),
 * with the session and the lists its form picks from read into the page (decision 099).
 */
export function newPage(kind: KindKey, New: ComponentType) {
  return function NewPage() {
    return (
      <Prefetched lists={FORM_LISTS[kind]} more={formSeeds(kind)}>
        <CanOpen kind={kind} verb="create">
          <New />
        </CanOpen>
      </Prefetched>
    );
  };
}

/** A page that edits the resource of `kind` named by the address: its record and version read into the page too. */
export function editPage(kind: KindKey, Edit: ComponentType<{ id: string }>) {
  return async function EditPage({ params }: IdParams) {
    const { id } = await params;
    return (
      <Prefetched lists={FORM_LISTS[kind]} more={editSeeds(kind, id)}>
        <CanOpen kind={kind} verb="update">
          <Edit id={id} />
        </CanOpen>
      </Prefetched>
    );
  };
}

/** A page for a role and above (API keys, activity: admins and owners); `what` says what it is for. */
export function rolePage(need: Role, what: string, Page: ComponentType) {
  return function RolePage() {
    return (
      <RoleOpens need={need} what={what}>
        <Page />
      </RoleOpens>
    );
  };
}
