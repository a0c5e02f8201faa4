'use client';
// The new-agent and edit-agent pages around the shared form.
import { useRouter } from 'next/navigation';
import { toast } from '@/lib/client/toast';
import { PageHeader } from '@/components/ui/PageHeader';
import { LoadingState } from '@/components/ui/States';
import { agents } from '@/lib/client/agents';
import { useSession } from '@/lib/client/session';
import { VersionedEditPage } from '@/components/versions/VersionedEditPage';
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
  const update = agents.useUpdate();
  return (
    <VersionedEditPage kind="agents" id={id} resource={agents} what="the agent" toValues={agentValues}>
      {({ record, form, save }) => (
        <AgentForm
          {...form}
          pending={update.isPending}
          onSubmit={(body, values) => save(values, body.name, (version) => update.mutateAsync({ id: record.id, input: body, version }))}
        />
      )}
    </VersionedEditPage>
  );
}
