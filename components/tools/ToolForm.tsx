'use client';
// The tool form (create and edit). Its schema is the API's tool schema with the code rule of D8
// (`code` and `entryFunctionName` together, the function defined in the code) checked by the
// same shared function. Two switches say what the tool does: run code (a code editor and the
// entry function) and/or talk to an MCP server (URL and transport); together they make the tool's
// kind. On the new page the catalogue type fixes the kind: the switches are not offered there.
// On the edit page they are, and the kind shown follows them.
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { EnabledField, ErrorSummary, Field, SectorsField, SubmitBar, SwitchControl, TagsField } from '@/components/ui/form';
import { applyServerErrors } from '@/lib/client/form-errors';
import { sectorsOf } from '@/lib/client/list';
import { tools } from '@/lib/client/tools';
import { httpUrl } from '@/lib/schemas/common';
import { codeRuleErrors, MCP_TRANSPORTS, toolFields, type ToolRecord } from '@/lib/schemas/tool';
import { CodeEditor } from './CodeEditor';
import { Badge } from '@/components/ui/Badge';
import { KIND_LABELS, kindFrom, TRANSPORT_LABELS, type TypeDefaults } from './tool-kinds';
import { formLabels } from '@/lib/field-labels';

const toolForm = toolFields
  .pick({ name: true, description: true, sectors: true, publisher: true, enabled: true, environments: true })
  .extend({
    /** Whether the tool runs code / talks to an MCP server (the form's own switches). */
    hasCode: z.boolean(),
    hasMcp: z.boolean(),
    code: z.string(),
    entryFunctionName: z.string(),
    mcp: z.object({ url: z.string(), transport: z.enum(['', ...MCP_TRANSPORTS]) }),
  })
  .superRefine(
    (v, ctx) => {
      if (v.hasCode) {
        const code = toolFields.shape.code.safeParse(v.code);
        const entry = toolFields.shape.entryFunctionName.safeParse(v.entryFunctionName);
        if (!code.success) ctx.addIssue({ code: 'custom', path: ['code'], message: code.error.issues[0]!.message });
        if (!entry.success) ctx.addIssue({ code: 'custom', path: ['entryFunctionName'], message: entry.error.issues[0]!.message });
        if (code.success && entry.success) {
          if (code.data == null && entry.data == null) ctx.addIssue({ code: 'custom', path: ['code'], message: 'must not be empty (or switch “Runs code” off)' });
          for (const error of codeRuleErrors({ code: code.data, entryFunctionName: entry.data })) {
            ctx.addIssue({ code: 'custom', path: [error.path], message: error.message });
          }
        }
      }
      if (v.hasMcp) {
        const url = httpUrl.safeParse(v.mcp?.url ?? '');
        if (!url.success) ctx.addIssue({ code: 'custom', path: ['mcp', 'url'], message: url.error.issues[0]!.message });
        if (!v.mcp?.transport) ctx.addIssue({ code: 'custom', path: ['mcp', 'transport'], message: 'choose a transport' });
      }
    },
    { when: () => true },
  );

export type ToolFormValues = z.input<typeof toolForm>;
type Output = z.output<typeof toolForm>;

/** What the API receives: every field, `null` clearing code, entry function and MCP settings. */
export type ToolBody = Omit<Output, 'hasCode' | 'hasMcp' | 'code' | 'entryFunctionName' | 'mcp'> & {
  code: string | null;
  entryFunctionName: string | null;
  mcp: { url: string; transport: (typeof MCP_TRANSPORTS)[number] } | null;
};

const FIELDS = ['name', 'description', 'sectors', 'publisher', 'enabled', 'environments', 'code', 'entryFunctionName', 'mcp.url', 'mcp.transport'] as const;
/** POST names the fields inside `tool` ("tool.entryFunctionName"); PUT without it (matched by FIELDS). */
const RENAME = Object.fromEntries(FIELDS.map((f) => [`tool.${f}`, f]));

const LABELS = formLabels('tools');

const ENVIRONMENTS = ['development', 'staging', 'production'];

export function newToolValues(publisher: string, defaults: TypeDefaults): ToolFormValues {
  return {
    name: defaults.name,
    description: defaults.description,
    sectors: [],
    publisher,
    enabled: true,
    environments: [],
    hasCode: defaults.hasCode,
    hasMcp: defaults.hasMcp,
    code: defaults.code,
    entryFunctionName: defaults.entryFunctionName,
    mcp: { url: '', transport: defaults.transport },
  };
}

export function toolValues(t: ToolRecord): ToolFormValues {
  return {
    name: t.name,
    description: t.description,
    sectors: t.sectors,
    publisher: t.publisher,
    enabled: t.enabled,
    environments: t.environments,
    hasCode: t.code != null,
    hasMcp: t.mcp != null,
    code: t.code ?? '',
    entryFunctionName: t.entryFunctionName ?? '',
    mcp: { url: t.mcp?.url ?? '', transport: t.mcp?.transport ?? '' },
  };
}

function toBody({ hasCode, hasMcp, code, entryFunctionName, mcp, ...rest }: Output): ToolBody {
  return {
    ...rest,
    code: hasCode ? code : null,
    entryFunctionName: hasCode ? entryFunctionName.trim() : null,
    mcp: hasMcp && mcp.transport ? { url: mcp.url.trim(), transport: mcp.transport } : null,
  };
}

type Props = {
  defaultValues: ToolFormValues;
  /** The catalogue type the new tool starts from: it fixes whether the tool runs code and/or talks to an MCP server. */
  typeName?: string;
  /** "JavaScript", "Python": names the code editor. */
  language?: string;
  submitLabel: string;
  pending: boolean;
  cancelHref: string;
  action: string;
  onSubmit: (body: ToolBody) => Promise<unknown>;
};

export function ToolForm({ defaultValues, typeName, language, submitLabel, pending, cancelHref, action, onSubmit }: Props) {
  const form = useForm<ToolFormValues, unknown, Output>({ resolver: zodResolver(toolForm), defaultValues, mode: 'onTouched', shouldFocusError: false });
  const { errors } = form.formState;
  const list = tools.useList();
  const [hasCode, hasMcp, transport] = useWatch({ control: form.control, name: ['hasCode', 'hasMcp', 'mcp.transport'] });
  const kind = KIND_LABELS[kindFrom(hasCode, hasMcp)];
  const rows = list.data ?? [];

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(toBody(values));
    } catch (error) {
      applyServerErrors(error, form.setError, { fields: FIELDS, rename: RENAME, action });
    }
  });

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={action.replace(/^Could not /, '')}>
      <ErrorSummary errors={errors} labels={LABELS} submitCount={form.formState.submitCount} />
      <section className="card form-section" aria-labelledby="tool-identity">
        <h2 id="tool-identity">Identity</h2>
        <div className="form-grid">
          <Field id="name" label="Name" api="name" error={errors.name?.message} required>
            {(aria) => <input {...aria} className="input" autoComplete="off" {...form.register('name')} />}
          </Field>
          <Field id="publisher" label="Publisher" api="publisher" error={errors.publisher?.message} required hint="Who wrote or maintains the tool.">
            {(aria) => <input {...aria} className="input" {...form.register('publisher')} />}
          </Field>
          <Field id="description" label="Description" api="description" className="span-2" error={errors.description?.message} required hint="What the tool does; agents read it to decide when to call it.">
            {(aria) => <textarea {...aria} className="textarea" rows={3} {...form.register('description')} />}
          </Field>
          <SectorsField control={form.control} suggestions={sectorsOf(rows, (t) => t.sectors)} />
          <TagsField
            control={form.control}
            name="environments"
            label="Environments"
            api="environments"
            hint="Where the tool may run, e.g. staging, production."
            suggestions={[...new Set([...ENVIRONMENTS, ...rows.flatMap((t) => t.environments)])]}
            placeholder="e.g. production"
            itemLabel="environment"
          />
          <div className="span-2">
            <EnabledField control={form.control} description="Agents can call the tool." />
          </div>
        </div>
      </section>

      {!typeName && (
        <p className="tool-kind">
          <span role="status">
            Kind: <Badge tone="accent">{kind}</Badge>
          </span>
          <span className="muted small">Set by the switches below.</span>
        </p>
      )}

      {(hasCode || !typeName) && (
        <section className="card form-section" aria-labelledby="tool-code">
          <h2 id="tool-code">Code</h2>
          {typeName ? (
            <p className="field-hint">A tool of type “{typeName}” runs code: its source is stored here (it is never run by the console).</p>
          ) : (
            <SwitchControl
              control={form.control}
              name="hasCode"
              label="Runs code"
              description="The tool is a function whose source is stored here (it is never run by the console)."
            />
          )}
          {hasCode && (
            <div className="form-grid">
              <Controller
                control={form.control}
                name="code"
                render={({ field }) => (
                  <Field
                    id="code"
                    label={language ? `Code (${language})` : 'Code'}
                    api="code"
                    className="span-2"
                    required
                    error={errors.code?.message}
                    hint="Tab indents; Shift+Tab, or Escape then Tab, moves on to the next field."
                  >
                    {(aria) => <CodeEditor {...aria} ref={field.ref} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
                  </Field>
                )}
              />
              <Field id="entryFunctionName" label="Entry function" api="entryFunctionName" required error={errors.entryFunctionName?.message} hint="The name of the function in the code that agents call first.">
                {(aria) => <input {...aria} className="input mono" autoComplete="off" spellCheck={false} {...form.register('entryFunctionName')} />}
              </Field>
            </div>
          )}
        </section>
      )}

      {(hasMcp || !typeName) && (
        <section className="card form-section" aria-labelledby="tool-mcp">
          <h2 id="tool-mcp">MCP server</h2>
          {typeName ? (
            <p className="field-hint">
              A tool of type “{typeName}” is served by a Model Context Protocol server, over {transport ? TRANSPORT_LABELS[transport] : 'its transport'}. To use another transport,
              change the type.
            </p>
          ) : (
            <SwitchControl
              control={form.control}
              name="hasMcp"
              label="Connects to an MCP server"
              description="The tool’s functions are served by a Model Context Protocol server."
            />
          )}
          {hasMcp && (
            <div className="form-grid">
              <Field id="mcp.url" label="Server URL" api="mcp.url" required error={errors.mcp?.url?.message} hint="An http(s) address, e.g. https://mcp.example.com/sse.">
                {(aria) => <input {...aria} className="input mono" type="url" autoComplete="off" spellCheck={false} {...form.register('mcp.url')} />}
              </Field>
              {!typeName && (
                <Field id="mcp.transport" label="Transport" api="mcp.transport" required error={errors.mcp?.transport?.message} hint="How the console’s agents talk to the server.">
                  {(aria) => (
                    <select {...aria} className="select" {...form.register('mcp.transport')}>
                      <option value="">Choose a transport…</option>
                      {MCP_TRANSPORTS.map((t) => (
                        <option key={t} value={t}>
                          {TRANSPORT_LABELS[t]}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              )}
            </div>
          )}
        </section>
      )}

      <SubmitBar submitLabel={submitLabel} cancelHref={cancelHref} pending={pending || form.formState.isSubmitting} dirty={form.formState.isDirty} />
    </form>
  );
}
