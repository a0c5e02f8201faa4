'use client';
// The new-agent and edit-agent pages around the shared form.
import { useRouter } from 'next/navigation';
import { toast } from '@/lib/client/toast';
import { PageHeader } from '@/components/ui/PageHeader';
import { EditPage } from '@/components/ui/ResourceShell';
import { LoadingState } from '@/components/ui/States';
import { agents } from '@/lib/client/agents';
import { useSession } from '@/lib/client/session';
import { useVersionedEdit } from '@/components/versions/SaveConflict';
import type { AgentRecord } from '@/lib/schemas/agent';
import { AgentForm, agentValues, emptyAgent } from './AgentForm';

export function NewAgent() {
  const router = useRouter();
  const session = useSession();
  const create = agents.useCreate();
  if (session.isPending) return <LoadingState />;
  return (
    <div className="page page-narrow">
      <PageHeader title="New agent" description="Every field is required; switches can stay off." back={{ href: '/agents', label: 'Agents' }} />
      <AgentForm
        defaultValues={emptyAgent(session.data?.user?.name ?? session.data?.actor.name ?? '')}
        submitLabel="Create agent"
        action="Could not create the agent"
        pending={create.isPending}
        cancelHref="/agents"
        onSubmit={async (body) => {
          const { id } = await create.mutateAsync(body);
          toast.success(`Agent “${body.name}” created`);
          router.push(`/agents/${encodeURIComponent(id)}`);
        }}
      />
    </div>
  );
}

export function EditAgent({ id }: { id: string }) {
  const agent = agents.useDetail(id);
  const back = { href: `/agents/${encodeURIComponent(id)}`, label: agent.data?.name ?? 'Agent' };
  return (
    <EditPage query={agent} noun="agent" what="the agent" back={back}>
      {(record) => <AgentEdit key={record.id} record={record} reload={async () => (await agent.refetch()).data} backHref={back.href} />}
    </EditPage>
  );
}

/** The edit form, saving with the version it loaded (components/versions/SaveConflict.tsx). */
function AgentEdit({ record, reload, backHref }: { record: AgentRecord; reload: () => Promise<AgentRecord | undefined>; backHref: string }) {
  const router = useRouter();
  const update = agents.useUpdate();
  const edit = useVersionedEdit({ kind: 'agents', queryKey: agents.keys.all[0], id: record.id, noun: 'agent', record, toValues: agentValues, reload });
  return (
    <>
      {edit.notice}
      <AgentForm
        key={edit.formKey}
        defaultValues={edit.defaultValues}
        startValues={edit.startValues}
        requireChange
        submitLabel="Save changes"
        action="Could not save the agent"
        pending={update.isPending}
        cancelHref={backHref}
        onSubmit={(body, values) =>
          edit.save(values, (version) => update.mutateAsync({ id: record.id, input: body, version }), () => {
            toast.success(`Agent “${body.name}” saved`);
            router.push(backHref);
          })
        }
      />
      {edit.dialog}
    </>
  );
}
