'use client';
// The new-model and edit-model pages around the shared form. Saving goes through useSaveModel,
// which keeps the typed provider key out of every cache.
import { useRouter } from 'next/navigation';
import { toast } from '@/lib/client/toast';
import { PageHeader } from '@/components/ui/PageHeader';
import { aiModels, useSaveModel } from '@/lib/client/ai-models';
import { VersionedEditPage } from '@/components/versions/VersionedEditPage';
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
  const { save: send, pending } = useSaveModel();
  return (
    <VersionedEditPage kind="ai-models" id={id} resource={aiModels} what="the model" toValues={modelValues}>
      {({ record, form, save }) => (
        <AiModelForm
          {...form}
          storedKey={record.apikey}
          pending={pending}
          onSubmit={(body, values) => save(values, body.name, (version) => send(record.id, body, version))}
        />
      )}
    </VersionedEditPage>
  );
}
