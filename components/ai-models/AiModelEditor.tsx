'use client';
// The new-model and edit-model pages around the shared form. Saving goes through useSaveModel,
// which keeps the typed provider key out of every cache.
import { useRouter } from 'next/navigation';
import { toast } from '@/lib/client/toast';
import { PageHeader } from '@/components/ui/PageHeader';
import { EditPage } from '@/components/ui/ResourceShell';
import { aiModels, useSaveModel } from '@/lib/client/ai-models';
import { useVersionedEdit } from '@/components/versions/SaveConflict';
import type { AiModelRecord } from '@/lib/schemas/ai-model';
import { AiModelForm, emptyModel, modelValues } from './AiModelForm';

export function NewAiModel() {
  const router = useRouter();
  const { save, pending } = useSaveModel();
  return (
    <div className="page page-narrow">
      <PageHeader title="New AI model" description="A provider model your agents can run on." back={{ href: '/ai-models', label: 'AI models' }} />
      <AiModelForm
        defaultValues={emptyModel()}
        storedKey={null}
        submitLabel="Create model"
        action="Could not create the model"
        pending={pending}
        cancelHref="/ai-models"
        onSubmit={async (body) => {
          const { id } = await save(null, body);
          toast.success(`AI model “${body.name}” created`);
          router.push(`/ai-models/${encodeURIComponent(id)}`);
        }}
      />
    </div>
  );
}

export function EditAiModel({ id }: { id: string }) {
  const model = aiModels.useDetail(id);
  const back = { href: `/ai-models/${encodeURIComponent(id)}`, label: model.data?.name ?? 'AI model' };
  return (
    <EditPage query={model} noun="AI model" what="the model" back={back}>
      {(record) => <AiModelEdit key={record.id} record={record} reload={async () => (await model.refetch()).data} backHref={back.href} />}
    </EditPage>
  );
}

/** The edit form, saving with the version it loaded (components/versions/SaveConflict.tsx). */
function AiModelEdit({ record, reload, backHref }: { record: AiModelRecord; reload: () => Promise<AiModelRecord | undefined>; backHref: string }) {
  const router = useRouter();
  const { save, pending } = useSaveModel();
  const edit = useVersionedEdit({ kind: 'ai-models', queryKey: aiModels.keys.all[0], id: record.id, noun: 'AI model', record, toValues: modelValues, reload });
  return (
    <>
      {edit.notice}
      <AiModelForm
        key={edit.formKey}
        defaultValues={edit.defaultValues}
        startValues={edit.startValues}
        requireChange
        storedKey={record.apikey}
        submitLabel="Save changes"
        action="Could not save the model"
        pending={pending}
        cancelHref={backHref}
        onSubmit={(body, values) =>
          edit.save(values, (version) => save(record.id, body, version), () => {
            toast.success(`AI model “${body.name}” saved`);
            router.push(backHref);
          })
        }
      />
      {edit.dialog}
    </>
  );
}
