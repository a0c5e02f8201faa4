'use client';
// The new-squad and edit-squad pages around the shared form. A new squad starts without tasks
// (the designer adds them). An edit replaces the whole squad (PUT is a full replace), so it sends
// the stored tasks and the planner's and supervisor's places back unchanged, with
// `If-Match: "<version>"`: when someone else saved the squad meanwhile, the person is told and
// offered to reload.
import { useWithClient } from '@/lib/client/query-hub';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/lib/client/toast';
import { Button } from '@/components/ui/Button';
import { PageHeader } from '@/components/ui/PageHeader';
import { EditPage } from '@/components/ui/ResourceShell';
import { LoadingState } from '@/components/ui/States';
import { ApiClientError } from '@/lib/client/api';
import { useSession } from '@/lib/client/session';
import { fetchSquad, squads, useSaveSquad } from '@/lib/client/squads';
import type { SquadAgentSlot, SquadFields, SquadRecord } from '@/lib/schemas/squad';
import { emptySquad, SquadForm, squadValues, type SquadFormOutput } from './SquadForm';
import './squads.css';

export function NewSquad() {
  const router = useRouter();
  const session = useSession();
  const create = squads.useCreate();
  if (session.isPending) return <LoadingState />;
  return (
    <div className="page page-narrow">
      <PageHeader title="New squad" description="Name the squad and say how it runs; you add its tasks in the designer next." back={{ href: '/squads', label: 'Squads' }} />
      <SquadForm
        defaultValues={emptySquad(session.data?.user?.name ?? session.data?.actor.name ?? '')}
        submitLabel="Create squad"
        action="Could not create the squad"
        pending={create.isPending}
        cancelHref="/squads"
        onSubmit={async (values) => {
          const { id } = await create.mutateAsync({ ...values, tasks: [] });
          toast.success(`Squad “${values.name}” created`);
          router.push(`/squads/${encodeURIComponent(id)}`);
        }}
      />
    </div>
  );
}

/** The slot as the form chose it, keeping the place the designer gave it. */
function keepPlace(chosen: SquadAgentSlot | null, stored: SquadAgentSlot | null): SquadAgentSlot | null {
  if (!chosen) return null;
  return stored?.coordinates ? { id: chosen.id, coordinates: stored.coordinates } : { id: chosen.id };
}

export function squadBody(values: SquadFormOutput, stored: SquadRecord): SquadFields {
  return {
    ...values,
    tasks: stored.tasks,
    planningAgent: keepPlace(values.planningAgent, stored.planningAgent),
    supervisor: keepPlace(values.supervisor, stored.supervisor),
  };
}

export function EditSquad({ id }: { id: string }) {
  const squad = squads.useDetail(id);
  const back = { href: `/squads/${encodeURIComponent(id)}`, label: squad.data?.name ?? 'Squad' };
  return (
    <EditPage
      query={squad}
      noun="squad"
      what="the squad"
      back={back}
      description={
        squad.data
          ? `The squad’s properties. Its ${squad.data.tasks.length} ${squad.data.tasks.length === 1 ? 'task is' : 'tasks are'} edited in the designer and stay as they are.`
          : 'The squad’s properties.'
      }
    >
      {(record) => <EditSquadForm initial={record} backHref={back.href} />}
    </EditPage>
  );
}

function EditSquadForm({ initial, backHref }: { initial: SquadRecord; backHref: string }) {
  const router = useRouter();
  const withClient = useWithClient();
  const save = useSaveSquad();
  // The version being edited: background refreshes do not change it under the person's hands.
  const [base, setBase] = useState(initial);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);

  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await fetchSquad(base.id);
      void withClient((client) => client.setQueryData(squads.keys.detail(base.id), fresh));
      setBase(fresh);
      setConflict(false);
      toast.success(`Reloaded “${fresh.name}” (version ${fresh.version})`);
    } catch (error) {
      toast.error(`Could not reload the squad: ${error instanceof Error ? error.message : 'something went wrong'}`);
    } finally {
      setReloading(false);
    }
  };

  return (
    <>
      {conflict && (
        <div className="form-alert conflict-alert" role="alert">
          <p>
            <strong>Someone else changed this squad</strong> after you opened it (you started from version {base.version}). Your changes were not saved. Reload to
            see their version, then make your changes again.
          </p>
          <Button variant="primary" size="sm" onClick={reload} pending={reloading}>
            Reload the squad
          </Button>
        </div>
      )}
      <SquadForm
        key={base.version}
        defaultValues={squadValues(base)}
        submitLabel="Save changes"
        action="Could not save the squad"
        pending={save.isPending}
        cancelHref={backHref}
        onSubmit={async (values) => {
          try {
            await save.mutateAsync({ id: base.id, squad: squadBody(values, base), version: base.version });
          } catch (error) {
            if (error instanceof ApiClientError && error.status === 409) {
              setConflict(true);
              toast.error('Could not save the squad: someone else changed it meanwhile');
              return;
            }
            throw error;
          }
          toast.success(`Squad “${values.name}” saved`);
          router.push(backHref);
        }}
      />
    </>
  );
}
