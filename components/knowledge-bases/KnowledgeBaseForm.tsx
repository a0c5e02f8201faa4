'use client';
// The knowledge-base form (create and edit). Its schema is the API's knowledge-base schema; the
// content rule of each type (an http(s) URL, a non-empty text, a file) is the API's own body
// rule. Type `file` takes a file from the computer, checked against the 20 MiB limit here before
// anything is sent; the page uploads it after saving, with a progress bar.
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ApiName, EnabledField, Field, FieldError, SectorsField, SubmitBar, SwitchControl, TagsField, withValue } from '@/components/ui/form';
import { FormSection, ResourceForm } from '@/components/ui/form/FormSection';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { applyServerErrors } from '@/lib/client/form-errors';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import { formatBytes, knowledgeBases, storedFields, type KnowledgeBaseBody } from '@/lib/client/knowledge-bases';
import { sectorsOf } from '@/lib/client/list';
import './knowledge-bases.css';
import { KNOWLEDGE_BASE_TYPES } from '@/lib/schemas/form-values';
import type { KnowledgeBaseRecord, KnowledgeBaseType } from '@/lib/schemas/knowledge-base';
import { FIELD_LABELS, formLabels } from '@/lib/field-labels';
import type { kbForm } from './kb-form-schema';

/** A file already stored for this base (edit), or null. */
type StoredFile = { name: string; size: number | null } | null;

type Schema = ReturnType<typeof kbForm>;
export type KbFormValues = z.input<Schema>;
type Output = z.output<Schema>;

const FIELDS = ['name', 'description', 'enabled', 'sectors', 'content', 'type', 'multimodal', 'tags', 'file'] as const;
/** The API names the fields inside `knowledgeBase`; `filename` and the upload's `file` land on the file picker. */
const RENAME: Record<string, string> = { ...Object.fromEntries(FIELDS.map((f) => [`knowledgeBase.${f}`, f])), filename: 'file' };

const LABELS = formLabels('knowledge-bases');

const TYPES: Record<KnowledgeBaseType, { label: string; text: string }> = {
  file: { label: 'File', text: 'A document uploaded from your computer (up to 20 MB).' },
  url: { label: 'URL', text: 'A web page the agents read.' },
  text: { label: 'Text', text: 'Text you write or paste here.' },
};

export function emptyKnowledgeBase(): KbFormValues {
  return { name: '', description: '', enabled: true, sectors: [], content: '', type: 'text', multimodal: false, tags: [], file: null };
}

export function knowledgeBaseValues(kb: KnowledgeBaseRecord): KbFormValues {
  return { ...storedFields(kb), file: null };
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
  onSubmit: (body: KnowledgeBaseBody, file: File | null, values: KbFormValues) => Promise<unknown>;
  /** After "Review and merge" (components/versions/SaveConflict.tsx): the values shown, dirty against `defaultValues`. */
  startValues?: KbFormValues;
  /** An edit form: Save is disabled while the form equals what was loaded. */
  requireChange?: boolean;
};

export function KnowledgeBaseForm({ defaultValues, startValues, requireChange, storedFile, submitLabel, pending, progress, cancelHref, action, onSubmit }: Props) {
  const hasStoredFile = storedFile !== null;
  const resolver = useMemo(() => lazyZodResolver<KbFormValues, Output>(() => import('./kb-form-schema').then((m) => m.kbForm(hasStoredFile))), [hasStoredFile]);
  useEffect(() => resolver.preload(), [resolver]);
  const form = useForm<KbFormValues, unknown, Output>({ resolver, defaultValues, values: startValues, resetOptions: { keepDefaultValues: true }, mode: 'onTouched', shouldFocusError: false });
  const { errors } = form.formState;
  const list = knowledgeBases.useList();
  const rows = list.data ?? [];
  const type = useWatch({ control: form.control, name: 'type' });

  const submit = form.handleSubmit(async ({ file, ...fields }) => {
    const body: KnowledgeBaseBody = { knowledgeBase: { ...fields, content: fields.type === 'file' ? '' : fields.content } };
    if (fields.type === 'file' && file) body.filename = file.name;
    try {
      await onSubmit(body, fields.type === 'file' ? file : null, form.getValues());
    } catch (error) {
      applyServerErrors(error, form.setError, { fields: FIELDS, rename: RENAME, action });
    }
  });

  const busy = pending || form.formState.isSubmitting;

  return (
    <ResourceForm action={action} onSubmit={submit} errors={errors} labels={LABELS} submitCount={form.formState.submitCount}>
      <FormSection id="kb-identity" title="Identity">
        <div className="form-grid">
          <Field id="name" label={FIELD_LABELS['knowledge-bases'].name} api="name" className="span-2" error={errors.name?.message} required>
            {(aria) => <input {...aria} className="input" autoComplete="off" {...withValue(form, 'name')} />}
          </Field>
          <Field id="description" label={FIELD_LABELS['knowledge-bases'].description} api="description" className="span-2" error={errors.description?.message} required hint="What the agents find here and when to use it.">
            {(aria) => <textarea {...aria} className="textarea" rows={3} {...withValue(form, 'description')} />}
          </Field>
          <SectorsField control={form.control} suggestions={sectorsOf(rows, (k) => k.sectors)} />
          <TagsField control={form.control} name="tags" label={FIELD_LABELS['knowledge-bases'].tags} api="tags" hint="Words that help people find it." suggestions={sectorsOf(rows, (k) => k.tags)} placeholder="e.g. policy" itemLabel="tag" />
        </div>
        <div className="switch-grid">
          <EnabledField control={form.control} description="Agents can consult it." />
          <SwitchControl control={form.control} name="multimodal" label={FIELD_LABELS['knowledge-bases'].multimodal} api="multimodal" description="Holds images or audio as well as text." />
        </div>
      </FormSection>

      <FormSection id="kb-content" title="Content">
        <fieldset className="kb-types" aria-describedby={errors.type ? 'type-error' : undefined}>
          <legend className="field-label">
            Type <ApiName name="type" />
          </legend>
          {KNOWLEDGE_BASE_TYPES.map((t) => (
            <label key={t} className="kb-type">
              <input type="radio" {...withValue(form, 'type', t)} />
              <span>
                <strong>{TYPES[t].label}</strong>
                <span className="field-hint">{TYPES[t].text}</span>
              </span>
            </label>
          ))}
          <FieldError id="type" error={errors.type?.message} />
        </fieldset>

        {type === 'url' && (
          <Field id="content" label="URL" api="content" required error={errors.content?.message} hint="An http(s) address, e.g. https://example.com/handbook.">
            {(aria) => <input {...aria} key="url" className="input" type="url" inputMode="url" autoComplete="off" spellCheck={false} {...withValue(form, 'content')} />}
          </Field>
        )}
        {type === 'text' && (
          <Field id="content" label="Text" api="content" required error={errors.content?.message} hint="Plain text; the agents read it as written.">
            {(aria) => <textarea {...aria} key="text" className="textarea" rows={10} {...withValue(form, 'content')} />}
          </Field>
        )}
        {type === 'file' && (
          <Controller
            control={form.control}
            name="file"
            render={({ field }) => (
              <Field
                id="file"
                label={storedFile ? 'Replace the file' : 'File'}
                api="filename"
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
              </Field>
            )}
          />
        )}
        {progress !== null && <ProgressBar value={progress} label="Upload progress" status={progress >= 1 ? 'Uploaded' : 'Uploading…'} />}
      </FormSection>

      <SubmitBar
        submitLabel={submitLabel}
        pendingLabel={progress !== null && progress < 1 ? 'Uploading…' : undefined}
        cancelHref={cancelHref}
        pending={busy}
        dirty={form.formState.isDirty}
        requireChange={requireChange}
      />
    </ResourceForm>
  );
}
