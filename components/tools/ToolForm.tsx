'use client';
// The tool form (create and edit). Its schema is the API's tool schema with the code rule of D8
// (`code` and `entryFunctionName` together, the function defined in the code) checked by the
// same shared function. The catalogue type says what the tool is (tool-kinds.ts): a code type (a
// code editor in its language and the entry function, plus the settings an integration type asks
// for, written into the code's SETTINGS line) or an MCP type (the server's URL; the transport is
// the type's). The new page takes the type chosen in the catalogue; the edit page opens the same
// form with the type read back from the stored tool, and lets the type be changed (issue 23).
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { EnabledField, Field, SectorsField, SubmitBar, TagsField, withValue } from '@/components/ui/form';
import { FormSection, ResourceForm } from '@/components/ui/form/FormSection';
import { applyServerErrors } from '@/lib/client/form-errors';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import { sectorsOf } from '@/lib/client/list';
import { tools, useToolTypes } from '@/lib/client/tools';
import type { MCP_TRANSPORTS, ToolRecord } from '@/lib/schemas/tool';
import { CodeEditor } from './CodeEditor';
import {
  CODE_TYPES,
  defaultsFor,
  LANGUAGE_LABELS,
  languageOf,
  readSettings,
  TRANSPORT_LABELS,
  TRANSPORT_OF,
  typeOf,
  writeSettings,
  type SettingField,
  type TypeDefaults,
} from './tool-kinds';
import { formLabels } from '@/lib/field-labels';
import type { toolForm } from './tool-form-schema';

const resolver = lazyZodResolver<ToolFormValues, Output>(() => import('./tool-form-schema').then((m) => m.toolForm));

export type ToolFormValues = z.input<typeof toolForm>;
type Output = z.output<typeof toolForm>;

/** What the API receives: every field, `null` clearing code, entry function and MCP settings. */
export type ToolBody = Omit<Output, 'type' | 'settings' | 'code' | 'entryFunctionName' | 'mcp'> & {
  code: string | null;
  entryFunctionName: string | null;
  mcp: { url: string; transport: (typeof MCP_TRANSPORTS)[number] } | null;
};

const FIELDS = ['name', 'description', 'sectors', 'publisher', 'enabled', 'environments', 'code', 'entryFunctionName', 'mcp.url', 'mcp.transport'] as const;
/** POST names the fields inside `tool` ("tool.entryFunctionName"); PUT without it (matched by FIELDS). */
const RENAME = Object.fromEntries(FIELDS.map((f) => [`tool.${f}`, f]));

const LABELS = { ...formLabels('tools'), settings: 'Settings' };

const ENVIRONMENTS = ['development', 'staging', 'production'];

export function newToolValues(publisher: string, defaults: TypeDefaults): ToolFormValues {
  return {
    name: '',
    description: '',
    sectors: [],
    publisher,
    enabled: true,
    environments: [],
    type: defaults.type,
    settings: defaults.settings,
    code: defaults.code,
    entryFunctionName: defaults.entryFunctionName,
    mcp: { url: '', transport: defaults.transport },
  };
}

export function toolValues(t: ToolRecord): ToolFormValues {
  const type = typeOf(t);
  return {
    name: t.name,
    description: t.description,
    sectors: t.sectors,
    publisher: t.publisher,
    enabled: t.enabled,
    environments: t.environments,
    type,
    settings: readSettings(type, t.code ?? ''),
    code: t.code ?? '',
    entryFunctionName: t.entryFunctionName ?? '',
    mcp: { url: t.mcp?.url ?? '', transport: t.mcp?.transport ?? '' },
  };
}

function toBody({ type, settings, code, entryFunctionName, mcp, ...rest }: Output): ToolBody {
  const hasCode = !!CODE_TYPES[type];
  const transport = TRANSPORT_OF[type];
  return {
    ...rest,
    code: hasCode ? writeSettings(type, code, settings) : null,
    entryFunctionName: hasCode ? entryFunctionName.trim() : null,
    mcp: transport ? { url: mcp.url.trim(), transport } : null,
  };
}

type Props = {
  /** Its `type` is the catalogue type: the one chosen (new tool) or read back from the stored tool (edit). */
  defaultValues: ToolFormValues;
  /** The new page: the type was chosen in the catalogue (changed there). The edit page offers a choice of type. */
  typeFixed?: boolean;
  submitLabel: string;
  pending: boolean;
  cancelHref: string;
  action: string;
  onSubmit: (body: ToolBody, values: ToolFormValues) => Promise<unknown>;
  /** After "Review and merge" (components/versions/SaveConflict.tsx): the values shown, dirty against `defaultValues`. */
  startValues?: ToolFormValues;
  /** An edit form: Save is disabled while the form equals what was loaded. */
  requireChange?: boolean;
};

/** One setting of an integration type (URL, method, headers…), as text. */
function SettingInput({ field, form, error }: { field: SettingField; form: ReturnType<typeof useForm<ToolFormValues, unknown, Output>>; error?: string }) {
  const id = `settings.${field.key}`;
  const register = withValue(form, `settings.${field.key}`);
  return (
    <Field id={id} label={field.label} className={field.input === 'headers' || field.input === 'sql' ? 'span-2' : undefined} required={field.input !== 'headers'} error={error} hint={field.hint}>
      {(aria) =>
        field.input === 'select' ? (
          <select {...aria} className="select" {...register}>
            {field.options?.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        ) : field.input === 'headers' || field.input === 'sql' ? (
          <textarea {...aria} className="textarea mono" rows={field.input === 'sql' ? 4 : 3} spellCheck={false} {...register} />
        ) : (
          <input {...aria} className={field.input === 'count' ? 'input' : 'input mono'} type={field.input === 'url' ? 'url' : 'text'} inputMode={field.input === 'count' ? 'numeric' : undefined} autoComplete="off" spellCheck={false} {...register} />
        )
      }
    </Field>
  );
}

export function ToolForm({ defaultValues, startValues, requireChange, typeFixed = false, submitLabel, pending, cancelHref, action, onSubmit }: Props) {
  useEffect(() => resolver.preload(), []);
  const form = useForm<ToolFormValues, unknown, Output>({ resolver, defaultValues, values: startValues, resetOptions: { keepDefaultValues: true }, mode: 'onTouched', shouldFocusError: false });
  const { errors } = form.formState;
  const list = tools.useList();
  const types = useToolTypes();
  const [type, settings] = useWatch({ control: form.control, name: ['type', 'settings'] });
  const codeType = CODE_TYPES[type];
  const transport = TRANSPORT_OF[type];
  const typeName = types.data?.find((t) => t.key === type)?.name ?? type;
  const language = languageOf(type);
  const rows = list.data ?? [];

  // The settings live in the code's SETTINGS line: what is typed in them shows in the code at once.
  useEffect(() => {
    if (!codeType?.fields.length) return;
    const code = form.getValues('code');
    const next = writeSettings(type, code, settings ?? {});
    if (next !== code) form.setValue('code', next, { shouldDirty: true });
  }, [codeType, form, settings, type]);

  /** Another type (edit page): its section starts from the type's template. */
  const changeType = (key: string) => {
    const name = types.data?.find((t) => t.key === key)?.name ?? key;
    const next = defaultsFor({ key, name });
    const keepCode = languageOf(key) !== '' && !CODE_TYPES[key]!.fields.length && languageOf(key) === language && !codeType?.fields.length;
    form.setValue('type', key, { shouldDirty: true });
    form.setValue('settings', next.settings, { shouldDirty: true });
    if (!keepCode) {
      form.setValue('code', next.code, { shouldDirty: true });
      form.setValue('entryFunctionName', next.entryFunctionName, { shouldDirty: true });
    }
    form.setValue('mcp.transport', next.transport, { shouldDirty: true });
    form.clearErrors();
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(toBody(values), form.getValues());
    } catch (error) {
      applyServerErrors(error, form.setError, { fields: FIELDS, rename: RENAME, action });
    }
  });

  return (
    <ResourceForm action={action} onSubmit={submit} errors={errors} labels={LABELS} submitCount={form.formState.submitCount}>
      <FormSection id="tool-identity" title="Identity">
        <div className="form-grid">
          <Field id="name" label="Name" api="name" error={errors.name?.message} required>
            {(aria) => <input {...aria} className="input" autoComplete="off" {...withValue(form, 'name')} />}
          </Field>
          <Field id="publisher" label="Publisher" api="publisher" error={errors.publisher?.message} required hint="Who wrote or maintains the tool.">
            {(aria) => <input {...aria} className="input" {...withValue(form, 'publisher')} />}
          </Field>
          <Field id="description" label="Description" api="description" className="span-2" error={errors.description?.message} required hint="What the tool does; agents read it to decide when to call it.">
            {(aria) => <textarea {...aria} className="textarea" rows={3} {...withValue(form, 'description')} />}
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
      </FormSection>

      <FormSection id="tool-type" title="Type">
        {typeFixed ? (
          <p className="tool-kind" role="status">
            {typeName}
            {language && ` · ${LANGUAGE_LABELS[language]}`}
          </p>
        ) : (
          <Field id="type" label="Tool type" hint={type ? 'Read from the stored tool. Another type starts its section from that type’s template.' : 'This tool has neither code nor an MCP server.'}>
            {(aria) => (
              <select {...aria} className="select" value={type} onChange={(e) => changeType(e.target.value)} disabled={types.isPending}>
                {!type && <option value="">None (description only)</option>}
                {(types.data ?? []).map((t) => (
                  <option key={t.key} value={t.key}>
                    {t.name}
                    {CODE_TYPES[t.key] && t.category !== 'runtime' ? ` (${LANGUAGE_LABELS[CODE_TYPES[t.key].language]})` : ''}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      </FormSection>

      {!!codeType?.fields.length && (
        <FormSection id="tool-settings" title="Settings">
          <p className="field-hint">Written into the code’s SETTINGS line, which the code below uses.</p>
          <div className="form-grid">
            {codeType.fields.map((field) => (
              <SettingInput key={`${type}-${field.key}`} field={field} form={form} error={errors.settings?.[field.key]?.message} />
            ))}
          </div>
        </FormSection>
      )}

      {codeType && (
        <FormSection id="tool-code" title="Code">
          <p className="field-hint">
            A tool of type “{typeName}” runs {LANGUAGE_LABELS[codeType.language]} code: its source is stored here (it is never run by the console). Its first line keeps the type and the
            language.
          </p>
          <div className="form-grid">
            <Controller
              control={form.control}
              name="code"
              render={({ field }) => (
                <Field
                  id="code"
                  label={`Code (${LANGUAGE_LABELS[codeType.language]})`}
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
              {(aria) => <input {...aria} className="input mono" autoComplete="off" spellCheck={false} {...withValue(form, 'entryFunctionName')} />}
            </Field>
          </div>
        </FormSection>
      )}

      {transport && (
        <FormSection id="tool-mcp" title="MCP server">
          <p className="field-hint">
            A tool of type “{typeName}” is served by a Model Context Protocol server, over {TRANSPORT_LABELS[transport]}. To use another transport, change the type.
          </p>
          <div className="form-grid">
            <Field id="mcp.url" label="Server URL" api="mcp.url" required error={errors.mcp?.url?.message} hint="An http(s) address, e.g. https://mcp.example.com/sse.">
              {(aria) => <input {...aria} className="input mono" type="url" autoComplete="off" spellCheck={false} {...withValue(form, 'mcp.url')} />}
            </Field>
          </div>
        </FormSection>
      )}

      <SubmitBar submitLabel={submitLabel} cancelHref={cancelHref} pending={pending || form.formState.isSubmitting} dirty={form.formState.isDirty} requireChange={requireChange} />
    </ResourceForm>
  );
}
