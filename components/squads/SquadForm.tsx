'use client';
// The squad form (create and edit): the squad's properties. Its schema is the API's squad schema
// without the tasks, which the squad designer edits. The planning agent and the supervisor are
// picked from the company's agents; a server error lands on its field ("squad.name" → name).
import Link from 'next/link';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiName, EnabledField, Field, FieldError, SectorsField, SubmitBar, SwitchControl, withValue } from '@/components/ui/form';
import { FormSection, ResourceForm } from '@/components/ui/form/FormSection';
import { SearchableSelect, type SelectOption } from '@/components/ui/SearchableSelect';
import { agents } from '@/lib/client/agents';
import { applyServerErrors } from '@/lib/client/form-errors';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import { sectorsOf } from '@/lib/client/list';
import { squads } from '@/lib/client/squads';
import { SQUAD_ORDERS } from '@/lib/schemas/form-values';
import type { SquadRecord } from '@/lib/schemas/squad';
import { ORDER_INFO } from './labels';
import './squads.css';
import { FIELD_LABELS, formLabels } from '@/lib/field-labels';
import type { squadForm } from './squad-form-schema';

/** The form's values: the agent slots are held as an agent id, or null for none. */
export type SquadFormInput = Omit<z.input<typeof squadForm>, 'planningAgent' | 'supervisor'> & { planningAgent: string | null; supervisor: string | null };
export type SquadFormOutput = z.output<typeof squadForm>;

// The slots' schema accepts any input (an id or `{ id }`); the form holds them as an id or null.
const resolver = lazyZodResolver<SquadFormInput, SquadFormOutput>(() => import('./squad-form-schema').then((m) => m.squadForm));

/** The form's fields: its values' keys (tests/unit/form-fields.test.ts checks they are its schema's). */
const FIELDS = Object.keys(emptySquad(''));
/** API paths are rooted at the body: "squad.name" is the form's "name". */
const RENAME = Object.fromEntries(FIELDS.map((field) => [`squad.${field}`, field]));

const LABELS = formLabels('squads');

export function emptySquad(publisher: string): SquadFormInput {
  return { name: '', order: 'sequential', enabled: true, do_plan: false, sectors: [], publisher, planningAgent: null, supervisor: null };
}

export function squadValues(squad: SquadRecord): SquadFormInput {
  return {
    name: squad.name,
    order: squad.order,
    enabled: squad.enabled,
    do_plan: squad.do_plan,
    sectors: squad.sectors,
    publisher: squad.publisher,
    planningAgent: squad.planningAgent?.id ?? null,
    supervisor: squad.supervisor?.id ?? null,
  };
}

type Props = {
  defaultValues: SquadFormInput;
  submitLabel: string;
  pending: boolean;
  cancelHref: string;
  /** What was attempted, for messages: "Could not save the squad". */
  action: string;
  /** Sends the properties; rejects with the server's error, which the form shows on its fields. */
  onSubmit: (values: SquadFormOutput) => Promise<unknown>;
};

export function SquadForm({ defaultValues, submitLabel, pending, cancelHref, action, onSubmit }: Props) {
  useEffect(() => resolver.preload(), []);
  const form = useForm<SquadFormInput, unknown, SquadFormOutput>({
    resolver,
    defaultValues,
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const orderId = useId();
  const agentList = agents.useList();
  const squadList = squads.useList();

  const agentOptions: SelectOption[] = [
    { value: '', label: 'None' },
    ...(agentList.data ?? []).map((a) => ({ value: a.id, label: a.name, detail: a.enabled ? undefined : 'disabled' })),
  ];
  const sectorSuggestions = sectorsOf([...(squadList.data ?? []), ...(agentList.data ?? [])], (r) => r.sectors);
  const agentsHint = (text: string) =>
    agentList.isError ? (
      `Could not load the agents: ${agentList.error.message}`
    ) : agentList.isSuccess && agentList.data.length === 0 ? (
      <>
        No agents yet: <Link href="/agents/new">create one</Link> first.
      </>
    ) : (
      text
    );

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerErrors(error, form.setError, { fields: FIELDS, rename: RENAME, action });
    }
  });

  const agentSlot = (name: 'planningAgent' | 'supervisor', label: string, hint: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Field id={name} label={label} api={name} error={errors[name]?.message ?? slotError(errors[name])} hint={agentsHint(hint)}>
          {(aria) => (
            <SearchableSelect
              {...aria}
              ref={field.ref}
              value={field.value ?? ''}
              onChange={(value) => field.onChange(value || null)}
              onBlur={field.onBlur}
              options={agentOptions}
              loading={agentList.isPending}
              placeholder="None — search agents…"
              emptyText="No agent matches"
            />
          )}
        </Field>
      )}
    />
  );

  return (
    <ResourceForm action={action} onSubmit={submit} errors={errors} labels={LABELS} submitCount={form.formState.submitCount}>
      <FormSection id="squad-identity" title="Identity">
        <div className="form-grid">
          <Field id="name" label={FIELD_LABELS.squads.name} api="name" error={errors.name?.message} required>
            {(aria) => <input {...aria} className="input" autoComplete="off" {...withValue(form, 'name')} />}
          </Field>
          <Field id="publisher" label={FIELD_LABELS.squads.publisher} api="publisher" error={errors.publisher?.message} required hint="Who created or maintains the squad.">
            {(aria) => <input {...aria} className="input" {...withValue(form, 'publisher')} />}
          </Field>
          <SectorsField control={form.control} className="span-2" suggestions={sectorSuggestions} />
        </div>
      </FormSection>

      <FormSection id="squad-running" title="How it runs">
        <Controller
          control={form.control}
          name="order"
          render={({ field }) => (
            <fieldset className="choice-group" aria-describedby={errors.order ? `${orderId}-error` : undefined}>
              <legend className="field-label">
                {FIELD_LABELS.squads.order}
                <span className="required" aria-hidden="true">
                  *
                </span>
                <ApiName name="order" />
              </legend>
              <div className="choice-grid">
                {SQUAD_ORDERS.map((order, index) => (
                  <label key={order} className="choice" data-checked={field.value === order || undefined}>
                    <input
                      type="radio"
                      id={index === 0 ? 'order' : undefined}
                      ref={index === 0 ? field.ref : undefined}
                      name={field.name}
                      value={order}
                      checked={field.value === order}
                      onChange={() => field.onChange(order)}
                      onBlur={field.onBlur}
                      aria-describedby={`${orderId}-${order}`}
                    />
                    <span className="choice-text">
                      <strong>{ORDER_INFO[order].label}</strong>
                      <span id={`${orderId}-${order}`} className="field-hint">
                        {ORDER_INFO[order].description}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
              <FieldError id={orderId} error={errors.order?.message} />
            </fieldset>
          )}
        />
        <div className="switch-grid">
          <SwitchControl control={form.control} name="do_plan" label={FIELD_LABELS.squads.do_plan} api="do_plan" description="The planning agent drafts a plan before the tasks run." />
          <EnabledField control={form.control} description="API clients can run the squad." />
        </div>
      </FormSection>

      <FormSection id="squad-agents" title="Planning and supervision">
        <div className="form-grid">
          {agentSlot('planningAgent', FIELD_LABELS.squads.planningAgent, 'Drafts the plan when “Plan first” is on.')}
          {agentSlot('supervisor', FIELD_LABELS.squads.supervisor, 'Hands out the tasks and checks the results of a hierarchical squad.')}
        </div>
      </FormSection>

      <SubmitBar submitLabel={submitLabel} cancelHref={cancelHref} pending={pending || form.formState.isSubmitting} dirty={form.formState.isDirty} />
    </ResourceForm>
  );
}

/** A nested error of an agent slot ("supervisor.id"), shown on the slot. */
function slotError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const nested = (error as { id?: { message?: string } }).id;
  return nested?.message;
}
