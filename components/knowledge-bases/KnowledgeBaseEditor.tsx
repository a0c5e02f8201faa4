'use client';
// The new and edit knowledge-base pages around the shared form. For type `file` the record is
// saved first (announcing the file's name), then the bytes are uploaded with a progress bar.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/lib/client/toast';
import { PageHeader } from '@/components/ui/PageHeader';
import { EditPage } from '@/components/ui/ResourceShell';
import { knowledgeBases, useUploadFile, type KnowledgeBaseBody } from '@/lib/client/knowledge-bases';
import { useVersionedEdit } from '@/components/versions/SaveConflict';
import type { KnowledgeBaseRecord } from '@/lib/schemas/knowledge-base';
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
  const kb = knowledgeBases.useDetail(id);
  const back = { href: `/knowledge-bases/${encodeURIComponent(id)}`, label: kb.data?.name ?? 'Knowledge base' };
  return (
    <EditPage query={kb} noun="knowledge base" what="the knowledge base" back={back}>
      {(record) => <KnowledgeBaseEdit key={record.id} record={record} reload={async () => (await kb.refetch()).data} backHref={back.href} />}
    </EditPage>
  );
}

/** The edit form, saving with the version it loaded (components/versions/SaveConflict.tsx). */
function KnowledgeBaseEdit({ record, reload, backHref }: { record: KnowledgeBaseRecord; reload: () => Promise<KnowledgeBaseRecord | undefined>; backHref: string }) {
  const router = useRouter();
  const update = knowledgeBases.useUpdate();
  const upload = useFileStep();
  const id = record.id;
  const edit = useVersionedEdit({ kind: 'knowledge-bases', queryKey: knowledgeBases.keys.all[0], id, noun: 'knowledge base', record, toValues: knowledgeBaseValues, reload });
  return (
    <>
      {edit.notice}
      <KnowledgeBaseForm
        key={edit.formKey}
        defaultValues={edit.defaultValues}
        startValues={edit.startValues}
        requireChange
        storedFile={record.type === 'file' && record.content ? { name: record.filename ?? record.content, size: record.fileSize } : null}
        submitLabel="Save changes"
        action="Could not save the knowledge base"
        pending={update.isPending || upload.pending}
        progress={upload.progress}
        cancelHref={backHref}
        onSubmit={(body: KnowledgeBaseBody, file, values) =>
          // A file base keeps its stored file until the new bytes arrive: the name is only
          // announced when the base becomes a file base (the API needs it then).
          edit.save(
            values,
            (version) => update.mutateAsync({ id, input: record.type === 'file' ? { knowledgeBase: body.knowledgeBase } : body, version }),
            async () => {
              const uploaded = file ? await upload.run(id, file) : true;
              if (uploaded) toast.success(`Knowledge base “${body.knowledgeBase.name}” saved`);
              router.push(backHref);
            },
          )
        }
      />
      {edit.dialog}
    </>
  );
}
