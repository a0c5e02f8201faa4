'use client';
// The edit page of a versioned kind (agents, tools, knowledge bases, AI models): its record loaded
// (components/ui/ResourceShell.tsx), then its form saving with the version it loaded
// (useVersionedEdit: the conflict notice and dialog), and once saved a toast and back to the
// record's page. The kind's editor gives only its form and how it sends.
import { useRouter } from 'next/navigation';
import { Fragment, type ReactNode } from 'react';
import type { QueryView } from '@/lib/client/query-hub';
import { toast } from '@/lib/client/toast';
import { consoleHref, kind as kindOf, type KindKey } from '@/lib/kinds';
import { EditPage } from '@/components/ui/ResourceShell';
import { useVersionedEdit } from './SaveConflict';

/** The props every kind's edit form takes the same way. */
type FormBase<V> = { defaultValues: V; startValues: V | undefined; requireChange: true; submitLabel: string; action: string; cancelHref: string };

type Send = (version: number | null) => Promise<unknown>;

export type EditSlot<R, V> = {
  record: R;
  form: FormBase<V>;
  /**
   * Saves `values` through `send(version)`; once saved, `after` (answering false: no toast), the
   * toast "<Kind> “name” saved" and back to the record's page.
   */
  save: (values: V, name: string, send: Send, after?: () => Promise<boolean>) => Promise<void>;
};

type Props<R, V> = {
  kind: KindKey;
  id: string;
  resource: { keys: { all: readonly [string] }; useDetail: (id: string) => QueryView<R> };
  /** "the agent", "the model": for the loading and error messages and the form's failure. */
  what: string;
  toValues: (record: R) => V;
  children: (slot: EditSlot<R, V>) => ReactNode;
};

export function VersionedEditPage<R extends { id: string; name: string }, V extends Record<string, unknown>>({ kind, id, resource, what, toValues, children }: Props<R, V>) {
  const query = resource.useDetail(id);
  const k = kindOf(kind);
  const back = { href: consoleHref(k, id), label: query.data?.name ?? k.title };
  const reload = async () => (await query.refetch()).data;
  return (
    <EditPage query={query} noun={k.singular} what={what} back={back}>
      {(record) => (
        <VersionedForm key={record.id} kind={kind} queryKey={resource.keys.all[0]} record={record} reload={reload} what={what} toValues={toValues} backHref={back.href}>
          {children}
        </VersionedForm>
      )}
    </EditPage>
  );
}

function VersionedForm<R extends { id: string }, V extends Record<string, unknown>>({
  kind,
  queryKey,
  record,
  reload,
  what,
  toValues,
  backHref,
  children,
}: Omit<Props<R, V>, 'id' | 'resource'> & { queryKey: string; record: R; reload: () => Promise<R | undefined>; backHref: string }) {
  const router = useRouter();
  const k = kindOf(kind);
  const edit = useVersionedEdit({ kind, queryKey, id: record.id, noun: k.singular, record, toValues, reload });
  const form: FormBase<V> = {
    defaultValues: edit.defaultValues,
    startValues: edit.startValues,
    requireChange: true,
    submitLabel: 'Save changes',
    action: `Could not save ${what}`,
    cancelHref: backHref,
  };
  const save: EditSlot<R, V>['save'] = (values, name, send, after) =>
    edit.save(values, send, async () => {
      if ((await after?.()) !== false) toast.success(`${k.title} “${name}” saved`);
      router.push(backHref);
    });
  return (
    <>
      {edit.notice}
      <Fragment key={edit.formKey}>{children({ record, form, save })}</Fragment>
      {edit.dialog}
    </>
  );
}
