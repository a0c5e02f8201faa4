'use client';
// The new and edit knowledge-base pages around the shared form. For type `file` the record is
// saved first (announcing the file's name), then the bytes are uploaded with a progress bar.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/lib/client/toast';
import { PageHeader } from '@/components/ui/PageHeader';
import { knowledgeBases, useUploadFile, type KnowledgeBaseBody } from '@/lib/client/knowledge-bases';
import { VersionedEditPage } from '@/components/versions/VersionedEditPage';
import { KnowledgeBaseForm, emptyKnowledgeBase, knowledgeBaseValues } from './KnowledgeBaseForm';

/** Uploads `file` to the base `id` showing progress; a failure is a toast (the fields are saved). */
function useFileStep() {
  const uploadFile = useUploadFile();
  const [progress, setProgress] = useState<number | null>(null);
  const run = async (id: string, file: File): Promise<boolean> => {
    setProgress(0);
    try {
      await uploadFile.mutateAsync({ id, file, onProgress: setProgress });
      return true;
    } catch (error) {
      setProgress(null);
      toast.error(`The file “${file.name}” was not uploaded: ${error instanceof Error ? error.message : 'something went wrong'}. Upload it again from the knowledge base’s page.`);
      return false;
    }
  };
  return { run, progress, pending: uploadFile.isPending };
}

export function NewKnowledgeBase() {
  const router = useRouter();
  const create = knowledgeBases.useCreate();
  const upload = useFileStep();
  return (
    <div className="page page-narrow">
      <PageHeader title="New knowledge base" description="A file, a web page or a text your agents consult." back={{ href: '/knowledge-bases', label: 'Knowledge bases' }} />
      <KnowledgeBaseForm
        defaultValues={emptyKnowledgeBase()}
        storedFile={null}
        submitLabel="Create knowledge base"
        action="Could not create the knowledge base"
        pending={create.isPending || upload.pending}
        progress={upload.progress}
        cancelHref="/knowledge-bases"
        onSubmit={async (body: KnowledgeBaseBody, file) => {
          const { id } = await create.mutateAsync(body);
          const uploaded = file ? await upload.run(id, file) : true;
          if (uploaded) toast.success(`Knowledge base “${body.knowledgeBase.name}” created`);
          router.push(`/knowledge-bases/${encodeURIComponent(id)}`);
        }}
      />
    </div>
  );
}

export function EditKnowledgeBase({ id }: { id: string }) {
  const update = knowledgeBases.useUpdate();
  const upload = useFileStep();
  return (
    <VersionedEditPage kind="knowledge-bases" id={id} resource={knowledgeBases} what="the knowledge base" toValues={knowledgeBaseValues}>
      {({ record, form, save }) => (
        <KnowledgeBaseForm
          {...form}
          storedFile={record.type === 'file' && record.content ? { name: record.filename ?? record.content, size: record.fileSize } : null}
          pending={update.isPending || upload.pending}
          progress={upload.progress}
          onSubmit={(body: KnowledgeBaseBody, file, values) =>
            // A file base keeps its stored file until the new bytes arrive: the name is only
            // announced when the base becomes a file base (the API needs it then).
            save(
              values,
              body.knowledgeBase.name,
              (version) => update.mutateAsync({ id, input: record.type === 'file' ? { knowledgeBase: body.knowledgeBase } : body, version }),
              async () => (file ? upload.run(id, file) : true),
            )
          }
        />
      )}
    </VersionedEditPage>
  );
}
