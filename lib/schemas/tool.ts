// Tool (D8): the schemas shared by the API routes and the console's tool form.
import { z } from 'zod';
import type { FieldError } from '../errors';
import { boolish, dateTime, httpUrl, sectors, stringArray, stringList, text } from './common';
import { MCP_TRANSPORTS } from './form-values';

export { MCP_TRANSPORTS };
export type McpTransport = (typeof MCP_TRANSPORTS)[number];

/** A JavaScript/Python identifier, the name of the function that `code` defines. */
export const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export const MAX_CODE_LENGTH = 500_000;

/** Tool source code: kept verbatim (never trimmed, never run); an empty text means "no code". */
const code = z
  .string()
  .max(MAX_CODE_LENGTH, `must be at most ${MAX_CODE_LENGTH} characters`)
  .transform((value) => (value.trim() === '' ? null : value));

const entryFunctionName = z
  .string()
  .trim()
  .max(200, 'must be at most 200 characters')
  .transform((value) => (value === '' ? null : value))
  .refine((value) => value === null || IDENTIFIER.test(value), 'must be an identifier (letters, digits, _ or $, not starting with a digit)');

/** `mcp`: both members optional as in the spec; an object with neither is no configuration (null). */
const mcp = z
  .object({
    url: httpUrl.optional(),
    transport: z.enum(MCP_TRANSPORTS, { error: 'must be "sse" or "streamable-http"' }).optional(),
  })
  .transform((value) => (value.url === undefined && value.transport === undefined ? null : { url: value.url ?? null, transport: value.transport ?? null }));

export const toolMcpRecord = z.object({ url: z.string().nullable(), transport: z.enum(MCP_TRANSPORTS).nullable() });
export type ToolMcp = z.output<typeof toolMcpRecord>;

/** The tool fields. Required on creation: name, description, sectors, publisher, enabled, environments. */
export const toolFields = z.object({
  name: text(200),
  description: text(),
  code: code.nullish(),
  entryFunctionName: entryFunctionName.nullish(),
  sectors,
  publisher: text(200),
  enabled: boolish,
  environments: stringList(),
  mcp: mcp.nullish(),
});

const escapeRegExp = (value: string) => value.replace(/[$]/g, '\\$');

/** The longest type annotation looked at in `const NAME: Type =` (bounds the scan after each `const NAME:`). */
const MAX_ANNOTATION = 200;

/**
 * Whether `code` defines `name`: a function declaration, a `const/let/var NAME =`, `exports.NAME =`
 * or a Python `def NAME(`. The patterns run in linear time on any input: no two quantifiers can
 * take the same characters, and the one open-ended scan (a type annotation) is bounded.
 */
export function definesFunction(source: string, name: string): boolean {
  if (!IDENTIFIER.test(name) || source.length > MAX_CODE_LENGTH) return false;
  const id = escapeRegExp(name);
  const before = '(?:^|[^A-Za-z0-9_$.])';
  return [
    new RegExp(`${before}function\\s*(?:\\*\\s*)?${id}\\s*\\(`, 'm'),
    new RegExp(`${before}(?:const|let|var)\\s+${id}\\s*(?::[^=;\\n]{0,${MAX_ANNOTATION}})?=`, 'm'),
    new RegExp(`${before}(?:module\\.)?exports\\.${id}\\s*=`, 'm'),
    new RegExp(`${before}def\\s+${id}\\s*\\(`, 'm'),
  ].some((pattern) => pattern.test(source));
}

/**
 * D8: `code` and `entryFunctionName` come together or not at all, and the entry function must be
 * defined in the code. `prefix` is the path of the tool object in the body ('tool.' on creation).
 */
export function codeRuleErrors(tool: { code?: string | null; entryFunctionName?: string | null }, prefix = ''): FieldError[] {
  const hasCode = tool.code != null;
  const hasEntry = tool.entryFunctionName != null;
  if (hasCode && !hasEntry) return [{ path: `${prefix}entryFunctionName`, message: 'is required when code is given' }];
  if (!hasCode && hasEntry) return [{ path: `${prefix}code`, message: 'is required when entryFunctionName is given' }];
  // A name that is not an identifier is reported by the field's own rule.
  if (hasCode && hasEntry && IDENTIFIER.test(tool.entryFunctionName!) && !definesFunction(tool.code!, tool.entryFunctionName!)) {
    return [{ path: `${prefix}entryFunctionName`, message: `"${tool.entryFunctionName}" is not a function defined in code` }];
  }
  return [];
}

function addCodeRuleIssues(tool: { code?: string | null; entryFunctionName?: string | null }, ctx: z.RefinementCtx, prefix: string[] = []) {
  for (const error of codeRuleErrors(tool)) {
    ctx.addIssue({ code: 'custom', path: [...prefix, error.path], message: error.message });
  }
}

/** POST /tools body: `{ tool: {...} }`. Fields the service owns (id, createdAt, company) and `type` are ignored. */
export const toolCreateBody = z.object({
  tool: toolFields.superRefine((tool, ctx) => addCodeRuleIssues(tool, ctx)),
});

/**
 * PUT /tools/{id} body: the tool fields with no wrapper, all optional (partial update). `null`
 * clears an optional field (code, entryFunctionName, mcp). When the body carries both `code` and
 * `entryFunctionName` the pair is checked here; otherwise against the stored tool after merging.
 */
export const toolUpdateBody = toolFields.partial().superRefine((tool, ctx) => {
  if (tool.code !== undefined && tool.entryFunctionName !== undefined) addCodeRuleIssues(tool, ctx);
});

export type ToolCreateInput = z.output<typeof toolFields>;
export type ToolUpdateInput = z.output<typeof toolUpdateBody>;

export const toolRecord = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  code: z.string().nullable(),
  entryFunctionName: z.string().nullable(),
  sectors: stringArray,
  publisher: z.string(),
  enabled: z.boolean(),
  environments: stringArray,
  mcp: toolMcpRecord.nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});

export type ToolRecord = z.output<typeof toolRecord>;

/** GET /tools/availables: one pre-available tool type (lib/catalog/tool-types.ts). */
export const availableToolType = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.enum(['runtime', 'integration']),
});
