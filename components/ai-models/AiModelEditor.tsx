'use client';
// The new-model and edit-model pages around the shared form. Saving goes through useSaveModel,
// which keeps the typed provider key out of every cache.
import { useRouter } from 'next/navigation';
import { toast } from '@/lib/client/toast';
import { PageHeader } from '@/components/ui/PageHeader';
import { EditPage } from '@/components/ui/ResourceShell';
import { aiModels, useSaveModel } from '@/lib/client/ai-models';
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
  const router = useRouter();
  const model = aiModels.useDetail(id);
  const { save, pending } = useSaveModel();
  const back = { href: `/ai-models/${encodeURIComponent(id)}`, label: model.data?.name ?? 'AI model' };
  return (
    <EditPage query={model} noun="AI model" what="the model" back={back}>
      {(record) => (
        <AiModelForm
          key={`${record.id}-${record.version}`}
          defaultValues={modelValues(record)}
          storedKey={record.apikey}
          submitLabel="Save changes"
          action="Could not save the model"
          pending={pending}
          cancelHref={back.href}
          onSubmit={async (body) => {
            await save(id, body);
            toast.success(`AI model “${body.name}” saved`);
            router.push(back.href);
          }}
        />
      )}
    </EditPage>
  );
}
