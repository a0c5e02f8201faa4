// The named schemas of the OpenAPI document (`components.schemas`): wherever one of these zod
// schemas occurs in an operation, the document holds a `$ref` to its one copy instead of inlining
// it again. This keeps the document small, and Swagger UI's resolver fast (decision 015).
// Answers (`output`) and requests (`input`) are named apart: the same zod schema reads differently
// in each (lenient inputs, closed outputs). Query-string schemas are never named here: their
// properties become parameters.
import { z, type ZodType } from 'zod';
import { agentHistoryRecord, agentInput, agentRecord } from '../../schemas/agent';
import { aiModelHistoryPage, aiModelHistoryRecord, aiModelRecord, providerRecord } from '../../schemas/ai-model';
import { apiKeyRecord, createdApiKeyRecord, sessionRecord, signedInRecord, tokensRecord } from '../../schemas/auth';
import { bundleDocument, bundlePlan, bundlePlanItem, bundleSchema } from '../../schemas/bundle';
import { coordinatesRecord, enabledRecord, idRecord } from '../../schemas/common';
import { keyedMapDocument } from '../../schemas/keyed';
import { knowledgeBaseBody, knowledgeBaseRecord } from '../../schemas/knowledge-base';
import { squadAgentSlotRecord, squadFields, squadHistoryRecord, squadRecord, squadTaskRecord } from '../../schemas/squad';
import { availableToolType, toolMcpRecord, toolRecord } from '../../schemas/tool';
import { dependentRefRecord, usageItemRecord, usageRecord } from '../../schemas/usage';
import { versionDetailRecord, versionDiffRecord, versionPageRecord, versionSummaryRecord } from '../../schemas/version';
import { errorEnvelope, fieldError, inUseErrorEnvelope } from './envelopes';

/** Answers: what the API sends. */
const OUTPUT: Record<string, ZodType> = {
  Agent: agentRecord,
  AgentHistory: agentHistoryRecord,
  AiModel: aiModelRecord,
  AiModelHistory: aiModelHistoryRecord,
  AiModelHistoryPage: aiModelHistoryPage,
  Provider: providerRecord,
  Tool: toolRecord,
  ToolMcp: toolMcpRecord,
  ToolType: availableToolType,
  KnowledgeBase: knowledgeBaseRecord,
  Squad: squadRecord,
  SquadTask: squadTaskRecord,
  SquadAgentSlot: squadAgentSlotRecord,
  SquadHistory: squadHistoryRecord,
  Coordinates: coordinatesRecord,
  ApiKey: apiKeyRecord,
  CreatedApiKey: createdApiKeyRecord,
  Session: sessionRecord,
  SignedIn: signedInRecord,
  Tokens: tokensRecord,
  IdRecord: idRecord,
  EnabledRecord: enabledRecord,
  Usage: usageRecord,
  UsageItem: usageItemRecord,
  DependentRef: dependentRefRecord,
  BundleDocument: bundleDocument,
  BundlePlan: bundlePlan,
  BundlePlanItem: bundlePlanItem,
  VersionSummary: versionSummaryRecord,
  VersionPage: versionPageRecord,
  VersionDetail: versionDetailRecord,
  VersionDiff: versionDiffRecord,
  Error: errorEnvelope,
  InUseError: inUseErrorEnvelope,
  FieldError: fieldError,
};

/** Requests: what a client may send (the bodies several operations share). */
const INPUT: Record<string, ZodType> = {
  AgentInput: agentInput,
  SquadInput: squadFields,
  KnowledgeBaseInput: knowledgeBaseBody,
  BundleInput: bundleSchema,
};

type Registry = typeof z.globalRegistry;

/** A keyed map (lib/schemas/keyed.ts) as the JSON object a client sends: its z.record's JSON Schema. */
function keyedMapJson(schema: ZodType): Record<string, unknown> | undefined {
  const record = keyedMapDocument(schema);
  if (!record) return undefined;
  const { $schema: _dialect, ...json } = z.toJSONSchema(record, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
  return json;
}

/**
 * A metadata registry for z.toJSONSchema: the global one (descriptions), plus the component name
 * as `id` for the schemas above (zod then writes them once, in `$defs`, and `$ref`s them), plus
 * the JSON object shape of keyed maps (a Map has no JSON Schema of its own).
 */
function registryOf(named: Record<string, ZodType>): Registry {
  const ids = new Map<ZodType, string>(Object.entries(named).map(([id, schema]) => [schema, id]));
  const get = (schema: ZodType) => {
    const meta = { ...keyedMapJson(schema), ...z.globalRegistry.get(schema) };
    const id = ids.get(schema);
    return id ? { ...meta, id } : Object.keys(meta).length ? meta : undefined;
  };
  return { get } as unknown as Registry;
}

export const COMPONENT_REGISTRIES: Record<'input' | 'output', Registry> = { output: registryOf(OUTPUT), input: registryOf(INPUT) };
