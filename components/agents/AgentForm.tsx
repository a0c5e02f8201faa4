'use client';
// The agent form (create and edit). Its schema is the API's agent schema, with `can.delegate`
// held as `can_delegate` because form libraries read dots as nesting (./agent-form-schema.ts,
// loaded at the first action: decision 085). The model, tools and knowledge bases are picked
// from the company's own records.
import Link from 'next/link';
import { useEffect } from 'react';
import { Controller, useForm, type Control, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { Field, firstItemError, SectorsField, SubmitBar, SwitchControl, withValue } from '@/components/ui/form';
import { FormSection, ResourceForm } from '@/components/ui/form/FormSection';
import { SearchableSelect, type SelectOption } from '@/components/ui/SearchableSelect';
import { Slider } from '@/components/ui/Slider';
import { aiModels } from '@/lib/client/ai-models';
import { agents } from '@/lib/client/agents';
import { applyServerErrors } from '@/lib/client/form-errors';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import { knowledgeBases } from '@/lib/client/knowledge-bases';
import { sectorsOf } from '@/lib/client/list';
import { tools } from '@/lib/client/tools';
import type { AgentInput, AgentRecord } from '@/lib/schemas/agent';
import { FIELD_LABELS, formLabels } from '@/lib/field-labels';
import type { agentForm } from './agent-form-schema';

type Values = z.input<typeof agentForm>;
type Output = z.output<typeof agentForm>;

const resolver = lazyZodResolver<Values, Output>(() => import('./agent-form-schema').then((m) => m.agentForm));

/** The form's fields: its values' keys (tests/unit/form-fields.test.ts checks they are its schema's). */
const FIELDS = Object.keys(emptyAgent(''));
const RENAME = { 'can.delegate': 'can_delegate', can_delegate: 'can_delegate' };

const SWITCHES = [
  { name: 'enabled', api: 'enabled', label: FIELD_LABELS.agents.enabled, description: 'Squads and API clients can use the agent.' },
  { name: 'auto', api: 'auto', label: FIELD_LABELS.agents.auto, description: 'Acts on its own, without a person confirming each step.' },
  { name: 'reasoning', api: 'reasoning', label: FIELD_LABELS.agents.reasoning, description: 'Thinks a problem through step by step before answering.' },
  { name: 'can_delegate', api: 'can.delegate', label: FIELD_LABELS.agents['can.delegate'], description: 'May hand tasks over to other agents.' },
  { name: 'can_code', api: 'can_code', label: FIELD_LABELS.agents.can_code, description: 'May write and run code to solve a task.' },
  { name: 'multimodal', api: 'multimodal', label: FIELD_LABELS.agents.multimodal, description: 'Handles images and audio as well as text.' },
] as const;

const refId = (value: unknown): string => (typeof value === 'string' ? value : value && typeof value === 'object' && 'id' in value ? String(value.id) : '');

export function emptyAgent(publisher: string): Values {
  return {
    name: '',
    enabled: true,
    model: '',
    auto: false,
    reasoning: false,
    publisher,
    temperature: 0.7,
    role: '',
    objective: '',
    referencies: '',
    can_delegate: false,
    can_code: false,
    multimodal: false,
    sectors: [],
    tools: [],
    knowledgeBases: [],
  };
}

export function agentValues(agent: AgentRecord): Values {
  const { id: _id, createdAt: _c, updatedAt: _u, 'can.delegate': canDelegate, ...rest } = agent;
  return { ...rest, can_delegate: canDelegate };
}

/** The API body: the form's output with `can.delegate` spelled as the API names it. */
export function agentBody({ can_delegate, ...rest }: Output): AgentInput {
  return { ...rest, 'can.delegate': can_delegate };
}

function useOptions() {
  const models = aiModels.useList();
  const toolList = tools.useList();
  const kbList = knowledgeBases.useList();
  const agentList = agents.useList();
  const option = (r: { id: string; name: string; enabled: boolean }, detail?: string): SelectOption => ({
    value: r.id,
    label: r.name,
    detail: [detail, r.enabled ? '' : 'disabled'].filter(Boolean).join(' · ') || undefined,
  });
  return {
    models: { query: models, options: (models.data ?? []).map((m) => option(m, `${m.provider} · ${m.model}`)) },
    tools: { query: toolList, options: (toolList.data ?? []).map((t) => option(t)) },
    knowledgeBases: { query: kbList, options: (kbList.data ?? []).map((k) => option(k, k.type)) },
    sectors: sectorsOf([...(agentList.data ?? []), ...(models.data ?? []), ...(toolList.data ?? []), ...(kbList.data ?? [])], (r) => r.sectors),
  };
}

const listError = (query: { isError: boolean; error: Error | null }, what: string) => (query.isError ? `Could not load the ${what}: ${query.error?.message}` : undefined);

/** Per reference field: what its list is called, its hint, the search's placeholder, and what the menu says when nothing matches and when there is nothing. */
const REFS = {
  tools: { what: 'tools', hint: 'Tools the agent may call.', placeholder: 'Search tools…', noMatch: 'No tool matches', none: 'No tools yet' },
  knowledgeBases: {
    what: 'knowledge bases',
    hint: 'Sources the agent may consult.',
    placeholder: 'Search knowledge bases…',
    noMatch: 'No knowledge base matches',
    none: 'No knowledge bases yet',
  },
} as const;

type RefsFieldProps = {
  control: Control<Values>;
  name: keyof typeof REFS;
  errors: FieldErrors<Values>;
  list: { query: { isError: boolean; error: Error | null; isPending: boolean }; options: SelectOption[] };
};

/** The tools or the knowledge bases of the agent: a searchable multiple choice of the company's. */
function RefsField({ control, name, errors, list }: RefsFieldProps) {
  const refs = REFS[name];
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field id={name} label={FIELD_LABELS.agents[name]} api={name} error={errors[name]?.message ?? firstItemError(errors[name])} hint={listError(list.query, refs.what) ?? refs.hint}>
          {(aria) => (
            <SearchableSelect
              {...aria}
              ref={field.ref}
              multiple
              value={field.value.map(refId)}
              onChange={field.onChange}
              onBlur={field.onBlur}
              options={list.options}
              loading={list.query.isPending}
              placeholder={refs.placeholder}
              emptyText={list.options.length ? refs.noMatch : refs.none}
            />
          )}
        </Field>
      )}
    />
  );
}

type Props = {
  defaultValues: Values;
  submitLabel: string;
  pending: boolean;
  cancelHref: string;
  /** Sends the body; rejects with the server's error, which the form then shows on its fields. */
  onSubmit: (body: AgentInput, values: Values) => Promise<unknown>;
  action: string;
  /** After "Review and merge" (components/versions/SaveConflict.tsx): the values shown, dirty against `defaultValues`. */
  startValues?: Values;
  /** An edit form: Save is disabled while the form equals what was loaded. */
  requireChange?: boolean;
};

export function AgentForm({ defaultValues, startValues, requireChange, submitLabel, pending, cancelHref, onSubmit, action }: Props) {
  useEffect(() => resolver.preload(), []);
  const form = useForm<Values, unknown, Output>({ resolver, defaultValues, values: startValues, resetOptions: { keepDefaultValues: true }, mode: 'onTouched', shouldFocusError: false });
  const { errors } = form.formState;
  const options = useOptions();

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(agentBody(values), form.getValues());
    } catch (error) {
      applyServerErrors(error, form.setError, { fields: FIELDS, rename: RENAME, action });
    }
  });

  return (
    <ResourceForm action={action} onSubmit={submit} errors={errors} labels={LABELS} submitCount={form.formState.submitCount}>
      <FormSection id="agent-identity" title="Identity">
        <div className="form-grid">
          <Field id="name" label={FIELD_LABELS.agents.name} api="name" error={errors.name?.message} required>
            {(aria) => <input {...aria} className="input" autoComplete="off" {...withValue(form, 'name')} />}
          </Field>
          <Field id="publisher" label={FIELD_LABELS.agents.publisher} api="publisher" error={errors.publisher?.message} required hint="Who created or maintains the agent.">
            {(aria) => <input {...aria} className="input" {...withValue(form, 'publisher')} />}
          </Field>
          <Field id="role" label={FIELD_LABELS.agents.role} api="role" className="span-2" error={errors.role?.message} required hint="The part the agent plays, e.g. “Support specialist for billing questions”.">
            {(aria) => <textarea {...aria} className="textarea" rows={3} {...withValue(form, 'role')} />}
          </Field>
          <Field id="objective" label={FIELD_LABELS.agents.objective} api="objective" className="span-2" error={errors.objective?.message} required hint="What the agent tries to achieve in each interaction.">
            {(aria) => <textarea {...aria} className="textarea" rows={3} {...withValue(form, 'objective')} />}
          </Field>
          <Field id="referencies" label={FIELD_LABELS.agents.referencies} api="referencies" className="span-2" error={errors.referencies?.message} required hint="Text the agent relies on: policies, tone of voice, links.">
            {(aria) => <textarea {...aria} className="textarea" rows={4} {...withValue(form, 'referencies')} />}
          </Field>
          <SectorsField control={form.control} className="span-2" suggestions={options.sectors} placeholder="e.g. sales" />
        </div>
      </FormSection>

      <FormSection id="agent-model" title="Model">
        <div className="form-grid">
          <Controller
            control={form.control}
            name="model"
            render={({ field }) => (
              <Field
                id="model"
                label={FIELD_LABELS.agents.model}
                api="model"
                error={errors.model?.message}
                required
                hint={
                  listError(options.models.query, 'AI models') ??
                  (options.models.query.isSuccess && !options.models.options.length ? (
                    <>
                      No AI model yet: <Link href="/ai-models">add one</Link> first.
                    </>
                  ) : (
                    'One of your company’s AI models.'
                  ))
                }
              >
                {(aria) => (
                  <SearchableSelect
                    {...aria}
                    ref={field.ref}
                    value={refId(field.value)}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    options={options.models.options}
                    loading={options.models.query.isPending}
                    placeholder="Search models…"
                    emptyText="No model matches"
                  />
                )}
              </Field>
            )}
          />
          <Controller
            control={form.control}
            name="temperature"
            render={({ field }) => (
              <Field id="temperature" label={FIELD_LABELS.agents.temperature} api="temperature" error={errors.temperature?.message} required hint="Lower answers the same way each time; higher varies more.">
                {(aria) => (
                  <Slider {...aria} ref={field.ref} value={Number(field.value)} onChange={field.onChange} onBlur={field.onBlur} min={0} max={1} step={0.05} scale={['Deterministic', 'Creative']} />
                )}
              </Field>
            )}
          />
        </div>
      </FormSection>

      <FormSection id="agent-capabilities" title="Status and capabilities">
        <div className="switch-grid">
          {SWITCHES.map((item) => (
            <SwitchControl key={item.name} control={form.control} name={item.name} api={item.api} label={item.label} description={item.description} />
          ))}
        </div>
      </FormSection>

      <FormSection id="agent-resources" title="Tools and knowledge">
        <div className="form-grid">
          <RefsField control={form.control} name="tools" errors={errors} list={options.tools} />
          <RefsField control={form.control} name="knowledgeBases" errors={errors} list={options.knowledgeBases} />
        </div>
      </FormSection>

      <SubmitBar submitLabel={submitLabel} cancelHref={cancelHref} pending={pending || form.formState.isSubmitting} dirty={form.formState.isDirty} requireChange={requireChange} />
    </ResourceForm>
  );
}

/** The plain-word label of each field (lib/field-labels.ts), for the error summary. */
const LABELS = formLabels('agents', { 'can.delegate': 'can_delegate' });
