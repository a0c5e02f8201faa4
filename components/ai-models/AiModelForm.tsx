'use client';
// The AI model form (create and edit). Its schema is the API's model schema; the provider comes
// from GET /ai-models/providers and decides the key field: shown and required, shown and
// optional (a key is already stored), or hidden (the provider takes no key). A stored key is only
// ever shown masked, as the API answers it, and is replaced only when a new one is typed.
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { EnabledField, Field, SectorsField, SubmitBar, withValue } from '@/components/ui/form';
import { FormSection, ResourceForm } from '@/components/ui/form/FormSection';
import { aiModels, useProviders } from '@/lib/client/ai-models';
import { applyServerErrors } from '@/lib/client/form-errors';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import { sectorsOf } from '@/lib/client/list';
import type { AiModelInput, AiModelRecord, AiModelUpdate } from '@/lib/schemas/ai-model';
import { FIELD_LABELS, formLabels } from '@/lib/field-labels';
import type { modelForm } from './model-form-schema';

type Schema = ReturnType<typeof modelForm>;
export type ModelFormValues = z.input<Schema>;
type Output = z.output<Schema>;

const FIELDS = ['name', 'description', 'sectors', 'enabled', 'provider', 'model', 'apikey'] as const;
/** The API names the fields inside `model` ("model.apikey"); the form without it. */
const RENAME = Object.fromEntries(FIELDS.map((f) => [`model.${f}`, f]));

const LABELS = formLabels('ai-models');

export function emptyModel(): ModelFormValues {
  return { name: '', description: '', sectors: [], enabled: true, provider: '', model: '', apikey: '' };
}

/** The record as form values: the key field starts empty (the stored key shows masked beside it). */
export function modelValues(m: AiModelRecord): ModelFormValues {
  return { name: m.name, description: m.description, sectors: m.sectors, enabled: m.enabled, provider: m.provider, model: m.model, apikey: '' };
}

type Props = {
  defaultValues: ModelFormValues;
  /** The stored key, masked as the API answers it; null when creating or when the model has none. */
  storedKey: string | null;
  submitLabel: string;
  pending: boolean;
  cancelHref: string;
  action: string;
  /** Sends the body; rejects with the server's error, which the form shows on its fields. */
  onSubmit: (body: AiModelInput & AiModelUpdate, values: ModelFormValues) => Promise<unknown>;
  /** After "Review and merge" (components/versions/SaveConflict.tsx): the values shown, dirty against `defaultValues`. */
  startValues?: ModelFormValues;
  /** An edit form: Save is disabled while the form equals what was loaded. */
  requireChange?: boolean;
};

export function AiModelForm({ defaultValues, startValues, requireChange, storedKey, submitLabel, pending, cancelHref, action, onSubmit }: Props) {
  const providers = useProviders();
  const list = aiModels.useList();
  const providerList = useMemo(() => providers.data ?? [], [providers.data]);
  const resolver = useMemo(
    () => lazyZodResolver<ModelFormValues, Output>(() => import('./model-form-schema').then((m) => m.modelForm(providerList, storedKey))),
    [providerList, storedKey],
  );
  useEffect(() => resolver.preload(), [resolver]);
  const form = useForm<ModelFormValues, unknown, Output>({ resolver, defaultValues, values: startValues, resetOptions: { keepDefaultValues: true }, mode: 'onTouched', shouldFocusError: false });
  const { errors } = form.formState;
  const providerKey = useWatch({ control: form.control, name: 'provider' });
  const provider = providerList.find((p) => p.key === providerKey);
  const rule = provider?.apikey;

  const submit = form.handleSubmit(async ({ apikey, ...values }) => {
    const typed = apikey.trim();
    // Absent: keep the stored key. null: remove it (a provider that takes none). A string: the new key.
    let key: string | null | undefined;
    if (rule === 'forbidden') key = storedKey !== null ? null : undefined;
    else key = typed || undefined;
    try {
      await onSubmit(key === undefined ? values : { ...values, apikey: key }, form.getValues());
    } catch (error) {
      applyServerErrors(error, form.setError, { fields: FIELDS, rename: RENAME, action });
    }
  });

  const keyField =
    !provider ? (
      <p className="field-hint span-2" id="apikey-hint">
        {providers.isError ? `Could not load the providers: ${providers.error.message}` : 'Choose a provider: it decides whether the model needs a key.'}
      </p>
    ) : rule === 'forbidden' ? (
      <div className="span-2 stack" style={{ gap: 6 }}>
        <p className="field-hint" id="apikey-hint">
          {provider.name} models run without a provider key, so there is no key field.
        </p>
        {storedKey !== null && (
          <p className="callout" role="status">
            The stored key (<code>{storedKey}</code>) will be removed when you save, because {provider.name} does not accept a key.
          </p>
        )}
      </div>
    ) : (
      <Field
        id="apikey"
        label={FIELD_LABELS['ai-models'].apikey}
        api="apikey"
        className="span-2"
        required={storedKey === null}
        error={errors.apikey?.message}
        hint={
          storedKey !== null ? (
            <>
              A key is stored: <code>{storedKey}</code>. Leave this empty to keep it; type a new key to replace it.
            </>
          ) : (
            `${provider.name} needs a key. It is stored encrypted and never shown again in full.`
          )
        }
      >
        {(aria) => <input {...aria} className="input mono" type="password" autoComplete="off" spellCheck={false} placeholder={storedKey ?? undefined} {...form.register('apikey')} />}
      </Field>
    );

  return (
    <ResourceForm action={action} onSubmit={submit} errors={errors} labels={LABELS} submitCount={form.formState.submitCount}>
      <FormSection id="model-identity" title="Identity">
        <div className="form-grid">
          <Field id="name" label={FIELD_LABELS['ai-models'].name} api="name" error={errors.name?.message} required hint="How agents and people refer to this model.">
            {(aria) => <input {...aria} className="input" autoComplete="off" {...withValue(form, 'name')} />}
          </Field>
          <SectorsField control={form.control} suggestions={sectorsOf(list.data ?? [], (m) => m.sectors)} />
          <Field id="description" label={FIELD_LABELS['ai-models'].description} api="description" className="span-2" error={errors.description?.message} required hint="What the model is good at, its costs or limits.">
            {(aria) => <textarea {...aria} className="textarea" rows={3} {...withValue(form, 'description')} />}
          </Field>
        </div>
      </FormSection>

      <FormSection id="model-provider" title="Provider and model">
        <div className="form-grid">
          {/* Controlled: the stored provider shows once its option arrives with the providers list. */}
          <Controller
            control={form.control}
            name="provider"
            render={({ field }) => (
              <Field id="provider" label={FIELD_LABELS['ai-models'].provider} api="provider" error={errors.provider?.message} required hint={rule === 'required' ? 'Needs a provider key.' : rule === 'forbidden' ? 'Runs without a provider key.' : undefined}>
                {(aria) => (
                  <select {...aria} {...field} className="select" disabled={providers.isPending}>
                    <option value="">{providers.isPending ? 'Loading providers…' : 'Choose a provider…'}</option>
                    {providerList.map((p) => (
                      <option key={p.key} value={p.key}>
                        {p.name} {p.apikey === 'required' ? '(key required)' : '(no key)'}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            )}
          />
          <Field id="model" label={FIELD_LABELS['ai-models'].model} api="model" error={errors.model?.message} required hint="The provider’s name for the model, e.g. gpt-4o or llama-3.1-70b.">
            {(aria) => <input {...aria} className="input mono" autoComplete="off" spellCheck={false} {...withValue(form, 'model')} />}
          </Field>
          {keyField}
        </div>
      </FormSection>

      <FormSection id="model-status" title="Status">
        <EnabledField control={form.control} description="Agents can run on this model." />
      </FormSection>

      <SubmitBar submitLabel={submitLabel} cancelHref={cancelHref} pending={pending || form.formState.isSubmitting} dirty={form.formState.isDirty} requireChange={requireChange} />
    </ResourceForm>
  );
}
