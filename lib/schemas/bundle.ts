// Bundle (issue 10, decision 014): a squad with everything it needs (its agents, their tools,
// knowledge bases and AI models) as one versioned JSON document. Resources refer to each other by
// local reference keys (`ref`), never by database ids, so a bundle moves between companies. The
// one schema of the document, shared by the import route and the console's import page; each
// resource reuses its own field schema, so a bundled resource obeys exactly the API's rules.
import { z } from 'zod';
import { KINDS, type RefKind } from '../kinds';
import { agentFields, agentRecord } from './agent';
import { aiModelFields, aiModelRecord, apikey } from './ai-model';
import { boolish, freeText, text } from './common';
import { keyedMap } from './keyed';
import { contentProblem, knowledgeBaseFields, knowledgeBaseRecord, originalFilename } from './knowledge-base';
import { squadAgentSlotRecord, squadFields, squadRecord, squadTaskRecord } from './squad';
import { codeRuleErrors, MCP_TRANSPORTS, toolFields, toolRecord } from './tool';

export const BUNDLE_FORMAT = 'aoc-bundle';
export const BUNDLE_VERSION = 1;

/** At most this many resources of each kind in a bundle. */
export const MAX_BUNDLE_ITEMS = 500;

/** A local reference key: unique within its list, named by references elsewhere in the bundle. */
export const bundleRef = text(100);

const list = <T extends z.ZodType>(item: T) => z.array(item).max(MAX_BUNDLE_ITEMS, `must have at most ${MAX_BUNDLE_ITEMS} items`);

export const bundleAiModel = aiModelFields
  .omit({ apikey: true })
  .extend({
    ref: bundleRef,
    /** Provider keys never travel in a bundle: they are given at import, in `apikeys`. */
    apikey: z.unknown().refine((value) => value == null, 'provider keys do not travel in bundles; give them at import in "apikeys"').optional(),
  })
  .transform(({ apikey: _none, ...model }) => model);

export const bundleTool = toolFields.extend({ ref: bundleRef }).superRefine((tool, ctx) => {
  for (const error of codeRuleErrors(tool)) ctx.addIssue({ code: 'custom', path: [error.path], message: error.message });
});

/** A knowledge base; a `file` base travels as metadata (its `filename`), its file is uploaded after the import. */
export const bundleKnowledgeBase = knowledgeBaseFields
  .extend({ ref: bundleRef, content: freeText(1_000_000).default(''), filename: originalFilename.nullish() })
  .superRefine((kb, ctx) => {
    const problem = contentProblem(kb.type, kb.content);
    if (problem) ctx.addIssue({ code: 'custom', path: ['content'], message: problem });
    if (kb.type === 'file' && !kb.filename) ctx.addIssue({ code: 'custom', path: ['filename'], message: 'is required for type "file"' });
  })
  .transform((kb) => ({ ...kb, content: kb.type === 'file' ? '' : kb.content, filename: kb.type === 'file' ? (kb.filename ?? null) : null }));

/** An agent whose `model`, `tools` and `knowledgeBases` name bundle refs. */
export const bundleAgent = agentFields.extend({ ref: bundleRef, model: bundleRef, tools: z.array(bundleRef), knowledgeBases: z.array(bundleRef) });

type Issue = { path: (string | number)[]; message: string };

/** Refs unique per list, and every reference naming a ref of the right list. */
function referenceIssues(bundle: {
  squad: z.output<typeof squadFields>;
  agents: { ref: string; model: string; tools: string[]; knowledgeBases: string[] }[];
  tools: { ref: string }[];
  knowledgeBases: { ref: string }[];
  aiModels: { ref: string }[];
}): Issue[] {
  const issues: Issue[] = [];
  const refsOf = (key: 'agents' | 'tools' | 'knowledgeBases' | 'aiModels') => {
    const seen = new Set<string>();
    bundle[key].forEach((item, i) => {
      if (seen.has(item.ref)) issues.push({ path: [key, i, 'ref'], message: `must be unique: "${item.ref}" is already used in ${key}` });
      seen.add(item.ref);
    });
    return seen;
  };
  const agents = refsOf('agents');
  const tools = refsOf('tools');
  const knowledgeBases = refsOf('knowledgeBases');
  const models = refsOf('aiModels');
  const missing = (label: string, ref: string) => `no ${label} with ref "${ref}" in the bundle`;
  bundle.agents.forEach((agent, i) => {
    if (!models.has(agent.model)) issues.push({ path: ['agents', i, 'model'], message: missing('AI model (aiModels)', agent.model) });
    agent.tools.forEach((ref, j) => {
      if (!tools.has(ref)) issues.push({ path: ['agents', i, 'tools', j], message: missing('tool', ref) });
    });
    agent.knowledgeBases.forEach((ref, j) => {
      if (!knowledgeBases.has(ref)) issues.push({ path: ['agents', i, 'knowledgeBases', j], message: missing('knowledge base', ref) });
    });
  });
  bundle.squad.tasks.forEach((task, i) => {
    if (!agents.has(task.agent)) issues.push({ path: ['squad', 'tasks', i, 'agent'], message: missing('agent', task.agent) });
  });
  for (const slot of ['planningAgent', 'supervisor'] as const) {
    const agent = bundle.squad[slot];
    if (agent && !agents.has(agent.id)) issues.push({ path: ['squad', slot, 'id'], message: missing('agent', agent.id) });
  }
  return issues;
}

/** The bundle's fields, its four lists' items checked by `item` (the whole schema, or nothing: see parseBundleImportBody). */
const bundleShape = <A extends z.ZodType, T extends z.ZodType, K extends z.ZodType, M extends z.ZodType>(items: { agents: A; tools: T; knowledgeBases: K; aiModels: M }) =>
  z.object({
    format: z.literal(BUNDLE_FORMAT, { error: `must be "${BUNDLE_FORMAT}"` }),
    version: z.literal(BUNDLE_VERSION, { error: `must be ${BUNDLE_VERSION} (the only version this server reads)` }),
    exportedAt: z.string().max(100).optional(),
    squad: squadFields,
    agents: list(items.agents),
    tools: list(items.tools),
    knowledgeBases: list(items.knowledgeBases),
    aiModels: list(items.aiModels),
  });

const BUNDLE_ITEMS = { agents: bundleAgent, tools: bundleTool, knowledgeBases: bundleKnowledgeBase, aiModels: bundleAiModel };

/**
 * The bundle document. In `squad`, `tasks[].agent`, `planningAgent.id` and `supervisor.id` name
 * agents' refs; `exportedAt` is informative.
 */
export const bundleSchema = bundleShape(BUNDLE_ITEMS).superRefine((bundle, ctx) => {
  for (const issue of referenceIssues(bundle)) ctx.addIssue({ code: 'custom', ...issue });
});

export type Bundle = z.output<typeof bundleSchema>;
export type BundleInput = z.input<typeof bundleSchema>;

/** The import body's fields around a bundle schema. */
const importBodyOf = <B extends z.ZodType>(bundle: B) =>
  z.object({
    bundle,
    dryRun: boolish.default(true),
    apikeys: keyedMap(bundleRef, apikey).prefault({}),
  });

/**
 * POST /api/bundles/import: `{ bundle, dryRun, apikeys }`. `dryRun` absent means a preview (nothing
 * changes unless asked); `apikeys` maps a model's ref to its provider key, for models created by
 * the import whose provider requires one: read as a Map (refs are the caller's: decision 022).
 */
export const bundleImportBody = importBodyOf(bundleSchema);

export type BundleImportBody = z.output<typeof bundleImportBody>;

/** The body with each list's items left unchecked: what parseBundleImportBody checks first. */
const importBodyShell = importBodyOf(bundleShape({ agents: z.unknown(), tools: z.unknown(), knowledgeBases: z.unknown(), aiModels: z.unknown() }));

/** An issue as the API reports it (lib/api/validation.ts: its path joined with dots). */
export type BodyIssue = { path: PropertyKey[]; message: string };

/**
 * `bundleImportBody.safeParse` in steps (decision 095), for the import route: a bundle at its caps
 * is 2,000 resources, and checking them in one go held the event loop for up to a quarter of a
 * second. The body is checked with each list's items left aside, then each item with its own
 * schema, `pace()` (lib/server/pace.ts) awaited after each, then the references between them:
 * the same answer as `bundleImportBody` for a good body (tests/unit/bundle-parse.test.ts). At
 * the first problem, the body is checked again in one go for zod's own list of issues (which ones
 * it still reports after a first is its own rule): a bad body costs that block, a good one never.
 */
export async function parseBundleImportBody(value: unknown, pace: () => Promise<void> | undefined): Promise<{ success: true; data: BundleImportBody } | { success: false; issues: BodyIssue[] }> {
  const inOneGo = () => {
    const result = bundleImportBody.safeParse(value);
    return result.success ? { success: true as const, data: result.data } : { success: false as const, issues: result.error.issues };
  };
  const shell = importBodyShell.safeParse(value);
  if (!shell.success) return inOneGo();
  const raw: unknown = (value as { bundle: unknown }).bundle;
  let failed = false;
  const itemsOf = async <S extends z.ZodType>(key: keyof typeof BUNDLE_ITEMS, schema: S): Promise<z.output<S>[]> => {
    const list = (raw as Record<typeof key, unknown[]>)[key];
    const parsed: z.output<S>[] = [];
    for (const item of list) {
      if (failed) break;
      const result = schema.safeParse(item);
      if (result.success) parsed.push(result.data);
      else failed = true;
      await pace();
    }
    return parsed;
  };
  const agents = await itemsOf('agents', bundleAgent);
  const tools = await itemsOf('tools', bundleTool);
  const knowledgeBases = await itemsOf('knowledgeBases', bundleKnowledgeBase);
  const aiModels = await itemsOf('aiModels', bundleAiModel);
  if (failed) return inOneGo();
  const bundle: Bundle = { ...shell.data.bundle, agents, tools, knowledgeBases, aiModels };
  if (referenceIssues(bundle).length) return inOneGo();
  return { success: true, data: { ...shell.data, bundle } };
}

// ---------------------------------------------------------------- answers
// As the API answers them (the OpenAPI document and the server's types come from these).

const withoutIds = { id: true, createdAt: true, updatedAt: true } as const;

/** The document GET /api/squads/{id}/bundle answers: what `bundleSchema` reads back, with refs instead of ids. */
export const bundleDocument = z.object({
  format: z.literal(BUNDLE_FORMAT),
  version: z.literal(BUNDLE_VERSION),
  exportedAt: z.string().describe('When the bundle was written (ISO 8601); informative'),
  squad: squadRecord.omit({ ...withoutIds, version: true }).extend({
    tasks: z.array(squadTaskRecord.extend({ agent: z.string().describe("The agent's ref") })),
    planningAgent: squadAgentSlotRecord.extend({ id: z.string().describe("The agent's ref") }).nullable(),
    supervisor: squadAgentSlotRecord.extend({ id: z.string().describe("The agent's ref") }).nullable(),
  }),
  agents: z.array(
    agentRecord.omit(withoutIds).extend({
      ref: z.string(),
      model: z.string().describe("The AI model's ref"),
      tools: z.array(z.string()).describe('Tool refs'),
      knowledgeBases: z.array(z.string()).describe('Knowledge base refs'),
    }),
  ),
  tools: z.array(
    toolRecord.omit(withoutIds).extend({
      ref: z.string(),
      mcp: z.object({ url: z.string().optional(), transport: z.enum(MCP_TRANSPORTS).optional() }).nullable(),
    }),
  ),
  knowledgeBases: z.array(
    knowledgeBaseRecord
      .omit({ ...withoutIds, fileSize: true })
      .extend({ ref: z.string(), content: z.string().describe('Empty for a `file` base: its file does not travel') }),
  ),
  aiModels: z.array(aiModelRecord.omit({ ...withoutIds, apikey: true, version: true }).extend({ ref: z.string() }).describe('No `apikey`: provider keys never travel')),
});

export type BundleDocument = z.output<typeof bundleDocument>;

export const BUNDLE_ACTIONS = ['create', 'match'] as const;
/** Every kind of the registry (lib/kinds), by its `ref` name. */
export const BUNDLE_RESOURCE_KINDS = KINDS.map((k) => k.ref) as [RefKind, ...RefKind[]];
export type BundleResourceKind = RefKind;

export const bundlePlanItem = z.object({
  kind: z.enum(BUNDLE_RESOURCE_KINDS),
  ref: z.string().nullable().describe('The bundle ref (the squad has none)'),
  name: z.string(),
  action: z.enum(BUNDLE_ACTIONS).describe('`match`: an existing resource of the same kind and name is reused as it is'),
  id: z.string().nullable().describe('The existing resource reused (match), or, after an apply, the one created'),
});
export type BundlePlanItem = z.output<typeof bundlePlanItem>;

/** The answer of POST /api/bundles/import: the preview of a dry run (200), or the applied plan (201). */
export const bundlePlan = z.object({
  dryRun: z.boolean(),
  items: z.array(bundlePlanItem),
  keysNeeded: z
    .array(z.object({ ref: z.string(), name: z.string(), provider: z.string(), given: z.boolean() }))
    .describe('Models the import creates whose provider requires a key: give each in `apikeys[ref]`'),
  filesMissing: z
    .array(z.object({ ref: z.string(), name: z.string(), filename: z.string().nullable(), id: z.string().nullable() }))
    .describe('`file` knowledge bases the import creates: their files do not travel; upload each after the import (`id` after an apply)'),
  warnings: z.array(z.string()),
  squad: z.object({ id: z.string(), name: z.string() }).nullable().describe('After an apply: the new squad'),
});
export type BundlePlan = z.output<typeof bundlePlan>;
