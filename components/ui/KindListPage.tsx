'use client';
// A kind's list page (agents, squads, tools, knowledge bases, AI models): its header with New, the
// list (components/ui/ListBody.tsx) with search, sector and status filters, sortable columns and
// pages, the Name, Updated, Enabled (an inline switch) and Actions columns, the first-use empty
// state and the note on disabled rows. A kind's page passes only its own columns and words.
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Badge, TagList } from '@/components/ui/Badge';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { Can } from '@/components/ui/Can';
import { DateTime } from '@/components/ui/DateTime';
import { EnableSwitch } from '@/components/ui/EnableSwitch';
import { ListBody, rowActionsColumn } from '@/components/ui/ListBody';
import { PageHeader } from '@/components/ui/PageHeader';
import type { Column } from '@/components/ui/ResourceTable';
import { EmptyState } from '@/components/ui/States';
import { applyListState, useListState, usePagedRows, type ListAccessors } from '@/lib/client/list';
import type { ListPage } from '@/lib/client/query-keys';
import type { InfiniteQueryView, MutationView } from '@/lib/client/query-hub';
import { consoleHref, kind as kindOf, type KindKey } from '@/lib/kinds';

type Row = { id: string; name: string; sectors: string[]; enabled: boolean; updatedAt: string };

/** The Sectors column (its first three, then "+n"). */
export const sectorsColumn = <T extends Row>(): Column<T> => ({ key: 'sectors', header: 'Sectors', cell: (r) => <TagList items={r.sectors} max={3} /> });

type Props<T extends Row> = {
  kind: KindKey;
  resource: {
    usePagedList: () => InfiniteQueryView<ListPage<T>>;
    useDelete: () => MutationView<string>;
    useSetEnabled: () => MutationView<{ id: string; enabled: boolean }>;
  };
  description: string;
  /** Short nouns for counts and the no-match state, when not the kind's: ['model', 'models']. */
  nouns?: [one: string, many: string];
  /** The Name cell, when more than the link to the record. */
  name?: (row: T) => ReactNode;
  /** The columns between Name and Updated, and how the sortable ones sort. */
  columns: Column<T>[];
  sort: ListAccessors<T>['sort'];
  /** More links before Edit and Delete on each row. */
  rowLinks?: (row: T) => ReactNode;
  /** More header actions before New. */
  actions?: ReactNode;
  /** The first-use empty state: its button's label and its sentence. */
  first: { label: string; text: ReactNode };
  /** What a disabled row means, after "Disabled <plural>". */
  disabledNote: string;
};

export function KindListPage<T extends Row>({ kind, resource, description, nouns, name, columns, sort, rowLinks, actions, first, disabledNote }: Props<T>) {
  const k = kindOf(kind);
  const { list, more } = usePagedRows(resource.usePagedList());
  const remove = resource.useDelete();
  const { state, update, toggleSort } = useListState({ sort: 'name' });

  const rows = list.data ?? [];
  const view = applyListState(rows, state, {
    name: (r) => r.name,
    sectors: (r) => r.sectors,
    enabled: (r) => r.enabled,
    sort: { name: (r) => r.name, ...sort, updatedAt: (r) => r.updatedAt, enabled: (r) => r.enabled },
  });

  const all: Column<T>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      primary: true,
      cell:
        name ??
        ((r) => (
          <Link className="cell-title" title={r.name} prefetch={false} href={consoleHref(k, r.id)}>
            {r.name}
          </Link>
        )),
    },
    ...columns,
    { key: 'updatedAt', header: 'Updated', sortable: true, cell: (r) => <DateTime iso={r.updatedAt} /> },
    {
      key: 'enabled',
      header: 'Enabled',
      sortable: true,
      cell: (r) => <EnableSwitch kind={kind} id={r.id} name={r.name} enabled={r.enabled} useSetEnabled={resource.useSetEnabled} />,
    },
    rowActionsColumn<T>({ noun: k.singular, basePath: consoleHref(k), remove, extra: rowLinks }),
  ];
  const create = (label: string) => (
    <Can kind={kind} verb="create">
      <ButtonLink variant="primary" href={`${consoleHref(k)}/new`}>
        {label}
      </ButtonLink>
    </Can>
  );

  return (
    <div className="page">
      <PageHeader
        title={k.titlePlural}
        description={description}
        actions={
          <>
            {actions}
            {create(`New ${k.singular}`)}
          </>
        }
      />
      <ListBody
        title={k.titlePlural}
        nouns={nouns ?? [k.singular, k.plural]}
        list={list}
        more={more}
        view={view}
        columns={all}
        sectors={(r) => r.sectors}
        state={state}
        update={update}
        toggleSort={toggleSort}
        empty={
          <EmptyState title={`No ${k.plural} yet`} icon={k.icon} action={create(first.label)}>
            {first.text}
          </EmptyState>
        }
      />
      {rows.some((r) => !r.enabled) && state.enabled === 'all' && (
        <p className="muted small">
          <Badge>Disabled</Badge> {disabledNote}
        </p>
      )}
    </div>
  );
}
