// The kind registry's zod half (decision 030; the registry is lib/kinds): each kind's schemas — the body of a create and of an
// update, the record the API answers (a list item is the same record), and how a restored
// version's state is parsed. Client-safe, but it brings zod: the list pages' first load reads
// lib/kinds only.
import type { ZodType } from 'zod';
import { agentFields, agentInput, agentRecord } from './agent';
import { aiModelCreateBody, aiModelFields, aiModelRecord, aiModelUpdateBody } from './ai-model';
import { knowledgeBaseBody, knowledgeBaseRecord } from './knowledge-base';
import { squadFields, squadInput, squadRecord } from './squad';
import { toolCreateBody, toolRecord, toolUpdateBody } from './tool';
import type { KindKey } from '../kinds';

export type KindSchemas = {
  create: ZodType;
  update: ZodType;
  record: ZodType;
  listItem: ZodType;
  /** An old version's state as the kind's restore takes it: wrapped as the schema expects, parsed, unwrapped. */
  restore: { schema: ZodType; wrap?: (state: Record<string, unknown>) => unknown; unwrap?: (parsed: never) => unknown };
};

export const KIND_SCHEMAS: Readonly<Record<KindKey, KindSchemas>> = {
  agents: { create: agentInput, update: agentInput, record: agentRecord, listItem: agentRecord, restore: { schema: agentFields } },
  squads: { create: squadInput, update: squadInput, record: squadRecord, listItem: squadRecord, restore: { schema: squadFields } },
  tools: {
    create: toolCreateBody,
    update: toolUpdateBody,
    record: toolRecord,
    listItem: toolRecord,
    restore: { schema: toolCreateBody, wrap: (state) => ({ tool: state }), unwrap: (parsed: { tool: unknown }) => parsed.tool },
  },
  'knowledge-bases': {
    create: knowledgeBaseBody,
    update: knowledgeBaseBody,
    record: knowledgeBaseRecord,
    listItem: knowledgeBaseRecord,
    restore: { schema: knowledgeBaseBody, wrap: (state) => ({ knowledgeBase: state, filename: state.filename }) },
  },
  'ai-models': {
    create: aiModelCreateBody,
    update: aiModelUpdateBody,
    record: aiModelRecord,
    listItem: aiModelRecord,
    // The model's current provider key is kept: an old state never carries one.
    restore: { schema: aiModelFields.omit({ apikey: true }) },
  },
};
