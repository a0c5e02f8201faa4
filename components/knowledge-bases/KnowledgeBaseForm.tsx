'use client';
// The knowledge-base form (create and edit). Its schema is the API's knowledge-base schema; the
// content rule of each type (an http(s) URL, a non-empty text, a file) is the API's own body
// rule. Type `file` takes a file from the computer, checked against the 20 MiB limit here before
// anything is sent; the page uploads it after saving, with a progress bar.
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button, ButtonLink } from '@/components/ui/Button';
import { FormErrorSummary, firstItemError } from '@/components/ui/FormErrorSummary';
import { FormField } from '@/components/ui/FormField';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { SwitchField } from '@/components/ui/Switch';
import { TagInput } from '@/components/ui/TagInput';
import { LEAVE_ON_PURPOSE, useFormLeaveGuard } from '@/components/ui/leave-guard';
import { applyServerErrors } from '@/lib/client/form-errors';
import { fileProblem, formatBytes, knowledgeBases, type KnowledgeBaseBody } from '@/lib/client/knowledge-bases';
import { sectorsOf } from '@/lib/client/list';
import './knowledge-bases.css';
import { KNOWLEDGE_BASE_TYPES, knowledgeBaseBody, knowledgeBaseFields, type KnowledgeBaseRecord, type KnowledgeBaseType } from '@/lib/schemas/knowledge-base';

/** A file already stored for this base (edit), or null. */
type StoredFile = { name: string; size: number | null } | null;

/**
 * Only the type/content rule of the API's body schema, whatever the other fields hold: the
 * other fields are checked by the form's own schema, so they are given valid stand-ins here.
 */
function contentIssues(type: unknown, content: unknown) {
  const probe = { name: 'x', description: 'x', enabled: true, sectors: [], multimodal: false, tags: [], type, content };
  const parsed = knowledgeBaseBody.safeParse({ knowledgeBase: probe });
  return parsed.success ? [] : parsed.error.issues.filter((i) => i.path.join('.') === 'knowledgeBase.content');
}

function kbForm(stored: StoredFile) {
  return knowledgeBaseFields
    .extend({ content: z.string(), file: z.custom<File | null>((v) => v === null || (typeof File !== 'undefined' && v instanceof File)) })
    .superRefine(
      (v, ctx) => {
        if (v.type === 'file') {
          if (v.file) {
            const problem = fileProblem(v.file);
            if (problem) ctx.addIssue({ code: 'custom', path: ['file'], message: problem });
          } else if (!stored) {
            ctx.addIssue({ code: 'custom', path: ['file'], message: 'choose a file to upload' });
          }
        } else {
          for (const issue of contentIssues(v.type, v.content)) ctx.addIssue({ code: 'custom', path: ['content'], message: issue.message });
        }
      },
      { when: () => true },
    );
}

type Schema = ReturnType<typeof kbForm>;
export type KbFormValues = z.input<Schema>;
type Output = z.output<Schema>;

const FIELDS = ['name', 'description', 'enabled', 'sectors', 'content', 'type', 'multimodal', 'tags', 'file'] as const;
/** The API names the fields inside `knowledgeBase`; `filename` and the upload's `file` land on the file picker. */
const RENAME: Record<string, string> = { ...Object.fromEntries(FIELDS.map((f) => [`knowledgeBase.${f}`, f])), filename: 'file' };

const LABELS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  enabled: 'Enabled',
  sectors: 'Sectors',
  content: 'Content',
  type: 'Type',
  multimodal: 'Multimodal',
  tags: 'Tags',
  file: 'File',
};

const TYPES: Record<KnowledgeBaseType, { label: string; text: string }> = {
  file: { label: 'File', text: 'A document uploaded from your computer (up to 20 MB).' },
  url: { label: 'URL', text: 'A web page the agents read.' },
  text: { label: 'Text', text: 'Text you write or paste here.' },
};

export function emptyKnowledgeBase(): KbFormValues {
  return { name: '', description: '', enabled: true, sectors: [], content: '', type: 'text', multimodal: false, tags: [], file: null };
}

export function knowledgeBaseValues(kb: KnowledgeBaseRecord): KbFormValues {
  return {
    name: kb.name,
    description: kb.description,
    enabled: kb.enabled,
    sectors: kb.sectors,
    content: kb.type === 'file' ? '' : kb.content,
    type: kb.type,
    multimodal: kb.multimodal,
    tags: kb.tags,
    file: null,
  };
}

type Props = {
  defaultValues: KbFormValues;
  storedFile: StoredFile;
  submitLabel: string;
  pending: boolean;
  /** Upload progress (0…1) while a file is being sent, else null. */
  progress: number | null;
  cancelHref: string;
  action: string;
  /** Saves the fields, then uploads `file` when one was chosen; rejects with the server's error. */
  onSubmit: (body: KnowledgeBaseBody, file: File | null) => Promise<unknown>;
};

export function KnowledgeBaseForm({ defaultValues, storedFile, submitLabel, pending, progress, cancelHref, action, onSubmit }: Props) {
  const form = useForm<KbFormValues, unknown, Output>({ resolver: zodResolver(kbForm(storedFile)), defaultValues, mode: 'onTouched' });
  const { errors } = form.formState;
  useFormLeaveGuard(form.formState.isDirty);
  const list = knowledgeBases.useList();
  const rows = list.data ?? [];
  const type = useWatch({ control: form.control, name: 'type' });

  const submit = form.handleSubmit(async ({ file, ...fields }) => {
    const body: KnowledgeBaseBody = { knowledgeBase: { ...fields, content: fields.type === 'file' ? '' : fields.content } };
    if (fields.type === 'file' && file) body.filename = file.name;
    try {
      await onSubmit(body, fields.type === 'file' ? file : null);
    } catch (error) {
      applyServerErrors(error, form.setError, { fields: FIELDS, rename: RENAME, action });
    }
  });

  const busy = pending || form.formState.isSubmitting;

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={action.replace(/^Could not /, '')}>
      <FormErrorSummary errors={errors} labels={LABELS} />
      <section className="card form-section" aria-labelledby="kb-identity">
        <h2 id="kb-identity">Identity</h2>
        <div className="form-grid">
          <FormField id="name" label="Name" className="span-2" error={errors.name?.message} required>
            {(aria) => <input {...aria} className="input" autoComplete="off" {...form.register('name')} />}
          </FormField>
          <FormField id="description" label="Description" className="span-2" error={errors.description?.message} required hint="What the agents find here and when to use it.">
            {(aria) => <textarea {...aria} className="textarea" rows={3} {...form.register('description')} />}
          </FormField>
          <Controller
            control={form.control}
            name="sectors"
            render={({ field }) => (
              <FormField id="sectors" label="Sectors" error={errors.sectors?.message ?? firstItemError(errors.sectors)} hint="Press Enter or comma after each sector.">
                {(aria) => (
                  <TagInput {...aria} ref={field.ref} value={field.value} onChange={field.onChange} onBlur={field.onBlur} suggestions={sectorsOf(rows, (k) => k.sectors)} placeholder="e.g. support" itemLabel="sector" />
                )}
              </FormField>
            )}
          />
          <Controller
            control={form.control}
            name="tags"
            render={({ field }) => (
              <FormField id="tags" label="Tags" error={errors.tags?.message ?? firstItemError(errors.tags)} hint="Words that help people find it.">
                {(aria) => (
                  <TagInput {...aria} ref={field.ref} value={field.value} onChange={field.onChange} onBlur={field.onBlur} suggestions={sectorsOf(rows, (k) => k.tags)} placeholder="e.g. policy" itemLabel="tag" />
                )}
              </FormField>
            )}
          />
        </div>
        <div className="switch-grid">
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <SwitchField ref={field.ref} id="enabled" label="Enabled" description="Agents can consult it." checked={field.value === true || field.value === 'true'} onChange={field.onChange} error={errors.enabled?.message} />
            )}
          />
          <Controller
            control={form.control}
            name="multimodal"
            render={({ field }) => (
              <SwitchField
                ref={field.ref}
                id="multimodal"
                label="Multimodal"
                description="Holds images or audio as well as text."
                checked={field.value === true || field.value === 'true'}
                onChange={field.onChange}
                error={errors.multimodal?.message}
              />
            )}
          />
        </div>
      </section>

      <section className="card form-section" aria-labelledby="kb-content">
        <h2 id="kb-content">Content</h2>
        <fieldset className="kb-types" aria-describedby={errors.type ? 'type-error' : undefined}>
          <legend className="field-label">Type</legend>
          {KNOWLEDGE_BASE_TYPES.map((t) => (
            <label key={t} className="kb-type">
              <input type="radio" value={t} {...form.register('type')} />
              <span>
                <strong>{TYPES[t].label}</strong>
                <span className="field-hint">{TYPES[t].text}</span>
              </span>
            </label>
          ))}
          {errors.type?.message && (
            <p className="field-error" id="type-error">
              {errors.type.message}
            </p>
          )}
        </fieldset>

        {type === 'url' && (
          <FormField id="content" label="URL" required error={errors.content?.message} hint="An http(s) address, e.g. https://example.com/handbook.">
            {(aria) => <input {...aria} key="url" className="input" type="url" inputMode="url" autoComplete="off" spellCheck={false} {...form.register('content')} />}
          </FormField>
        )}
        {type === 'text' && (
          <FormField id="content" label="Text" required error={errors.content?.message} hint="Plain text; the agents read it as written.">
            {(aria) => <textarea {...aria} key="text" className="textarea" rows={10} {...form.register('content')} />}
          </FormField>
        )}
        {type === 'file' && (
          <Controller
            control={form.control}
            name="file"
            render={({ field }) => (
              <FormField
                id="file"
                label={storedFile ? 'Replace the file' : 'File'}
                required={!storedFile}
                error={errors.file?.message}
                hint={
                  storedFile ? (
                    <>
                      Stored file: <strong>{storedFile.name}</strong>
                      {storedFile.size != null && ` (${formatBytes(storedFile.size)})`}. Choose another file to replace it; at most 20 MB.
                    </>
                  ) : (
                    'At most 20 MB. It is uploaded after the knowledge base is saved.'
                  )
                }
              >
                {(aria) => (
                  <input
                    {...aria}
                    ref={field.ref}
                    className="input"
                    type="file"
                    disabled={busy}
                    onBlur={field.onBlur}
                    onChange={(e) => {
                      field.onChange(e.target.files?.[0] ?? null);
                      void form.trigger('file');
                    }}
                  />
                )}
              </FormField>
            )}
          />
        )}
        {progress !== null && <ProgressBar value={progress} label="Upload progress" status={progress >= 1 ? 'Uploaded' : 'Uploading…'} />}
      </section>

      <div className="form-actions">
        <ButtonLink href={cancelHref} {...LEAVE_ON_PURPOSE}>
          Cancel
        </ButtonLink>
        <Button type="submit" variant="primary" pending={busy}>
          {progress !== null && progress < 1 ? 'Uploading…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
