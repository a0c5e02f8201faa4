'use client';
// A detail page's Edit and Delete, each shown only to a role that may (lib/client/access.ts):
// agents, tools, knowledge bases and AI models alike (squads put the designer between them).
import type { MutationView } from '@/lib/client/query-hub';
import { consoleHref, kind as kindOf, type KindKey } from '@/lib/kinds';
import { ButtonLink } from './ButtonLink';
import { Can } from './Can';
import { DeleteButton } from './DeleteButton';

export function EditAndDelete({ kind, id, name, remove, onDeleted }: { kind: KindKey; id: string; name: string; remove: MutationView<string>; onDeleted: () => void }) {
  const k = kindOf(kind);
  return (
    <>
      <Can kind={kind} verb="update">
        <ButtonLink href={`${consoleHref(k, id)}/edit`} variant="primary">
          Edit
        </ButtonLink>
      </Can>
      <Can kind={kind} verb="delete">
        <DeleteButton id={id} name={name} noun={k.singular} mutation={remove} usageKind={kind} variant="danger" onDeleted={onDeleted} />
      </Can>
    </>
  );
}
