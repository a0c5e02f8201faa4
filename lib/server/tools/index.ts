// Tools over Prisma (D8): every query is confined to the caller's company. Tools keep no history
// (the spec lists none) but do keep versions (decision 013). Code is stored, never run.
import { invalidFields, notFound } from '../../errors';
import { Prisma } from '../prisma-values';
import { codeRuleErrors, toolRecord, type ToolCreateInput, type ToolMcp, type ToolRecord, type ToolUpdateInput } from '../../schemas/tool';
import type { Actor } from '../auth/tokens';
import { transaction, type Tx } from '../db';
import { rethrowPrismaError } from '../prisma-errors';
import { recordVersion, versionRows } from '../versions';
import { newId } from '../ids';
import { assertChanged, lockResource, unlessUnchanged, type Versioned } from '../concurrency';
import { agentsUsing, assertUnused } from '../dependents';
import { assertWritable, insertRows, recordStore, type NewRow, type RowInsert, type Scope } from '../store';
import type { ListPage, PageRequest } from '../list-page';

type ToolRow = NonNullable<Awaited<ReturnType<typeof findRow>>>;

function findRow(tx: Tx, companyId: string, id: string) {
  return tx.tool.findFirst({ where: { id, companyId } });
}

function readMcp(value: unknown): ToolMcp | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const mcp = value as Record<string, unknown>;
  return {
    url: typeof mcp.url === 'string' ? mcp.url : null,
    transport: mcp.transport === 'sse' || mcp.transport === 'streamable-http' ? mcp.transport : null,
  };
}

function toRecord(row: ToolRow): ToolRecord {
  return TOOLS.fromRow(row);
}

const mcpColumn = (mcp: ToolMcp | null | undefined) => (mcp ? mcp : Prisma.DbNull);

/** The columns a partial update sets; `undefined` members leave the stored value as it is. */
function changedColumns(input: ToolUpdateInput) {
  return {
    name: input.name,
    description: input.description,
    code: input.code,
    entryFunctionName: input.entryFunctionName,
    sectors: input.sectors,
    publisher: input.publisher,
    enabled: input.enabled,
    environments: input.environments,
    mcp: input.mcp === undefined ? undefined : mcpColumn(input.mcp),
  };
}


/** The current states of tools `ids` (a bounded batch), for the first versions of lib/server/kinds/backfill. */
export async function statesForVersions(tx: Tx, ids: string[]): Promise<{ id: string; version: number; state: ToolRecord }[]> {
  return (await tx.tool.findMany({ where: { id: { in: ids } } })).map((row) => ({ id: row.id, version: 1, state: toRecord(row) }));
}

/** The tool's record (ToolRecord) as the store reads it (../store). */
const TOOLS = recordStore<ToolRecord>('Tool', toolRecord, {
  // readMcp's rule: an object gives { url, transport } with anything unexpected as null; else null.
  mcp: {
    sqlite: `json(CASE WHEN json_type(a."mcp") = 'object' THEN json_object(
      'url', CASE WHEN json_type(a."mcp", '$.url') = 'text' THEN json_extract(a."mcp", '$.url') END,
      'transport', CASE WHEN json_type(a."mcp", '$.transport') = 'text' AND json_extract(a."mcp", '$.transport') IN ('sse', 'streamable-http') THEN json_extract(a."mcp", '$.transport') END) END)`,
    postgres: `(CASE WHEN jsonb_typeof(a."mcp") = 'object' THEN json_build_object(
      'url', CASE WHEN jsonb_typeof(a."mcp"->'url') = 'string' THEN a."mcp"->>'url' END,
      'transport', CASE WHEN jsonb_typeof(a."mcp"->'transport') = 'string' AND a."mcp"->>'transport' IN ('sse', 'streamable-http') THEN a."mcp"->>'transport' END) END)`,
    js: (row) => readMcp(row.mcp),
  },
});

/** GET /tools: the company's tools as the JSON text of the list (one statement). */
export const listToolsJson = (scope: Scope, sector?: string): Promise<string> => TOOLS.listJson(scope, sector);
/** One page of that list (D13, ../list-page). */
export const listToolsPage = (scope: Scope, sector: string | undefined, page: PageRequest): Promise<ListPage> => TOOLS.listPage(scope, sector, page);


/** GET /tools/{id}: the tool's record as JSON text (../store), or 404. */
export async function getToolJson(scope: Scope, id: string): Promise<string> {
  const json = await TOOLS.detailJson(scope, id);
  if (json === undefined) throw notFound('Tool');
  return json;
}

function toolColumns(input: ToolCreateInput) {
  return {
    name: input.name,
    description: input.description,
    code: input.code ?? null,
    entryFunctionName: input.entryFunctionName ?? null,
    sectors: input.sectors,
    publisher: input.publisher,
    enabled: input.enabled,
    environments: input.environments,
    mcp: mcpColumn(input.mcp),
  };
}

/** The rows that write a new tool (decision 095): the tool, its first version and that version's event; the state is the row as written. */
export function toolRows(actor: Actor, input: ToolCreateInput, { id = newId(), now = new Date() }: NewRow = {}): { id: string; rows: RowInsert[] } {
  const row: ToolRow = { id, companyId: actor.companyId, ...toolColumns(input), mcp: input.mcp ?? null, createdAt: now, updatedAt: now };
  return {
    id,
    rows: [{ table: 'Tool', row, json: ['sectors', 'environments', 'mcp'] }, ...versionRows(actor, 'tools', id, 1, 'created', toRecord(row), now)],
  };
}

/** Creates a tool and its first version in the caller's transaction. */
export async function createToolInTx(tx: Tx, actor: Actor, input: ToolCreateInput): Promise<{ id: string }> {
  assertWritable(actor, input.sectors);
  const { id, rows } = toolRows(actor, input);
  await insertRows(tx, rows);
  return { id };
}

/**
 * Restore (decision 013): an old version's fields (parsed with the tool schema, code rules
 * included) replace the tool's, or recreate a deleted tool with the same id; a `restored` version.
 */
export async function restoreTool(actor: Actor, id: string, input: ToolCreateInput, expected?: number[]): Promise<ToolRecord> {
  return transaction(async (tx) => {
    const { exists } = await lockResource(tx, actor, 'tools', id, { expected, sectors: input.sectors });
    const row = exists
      ? await tx.tool.update({ where: { id }, data: toolColumns(input) })
      : await tx.tool.create({ data: { id, companyId: actor.companyId, ...toolColumns(input) } });
    const tool = toRecord(row);
    await recordVersion(tx, actor, 'tools', id, 'restored', tool);
    return tool;
  }).catch(rethrowPrismaError('Tool'));
}

export function createTool(actor: Actor, input: ToolCreateInput): Promise<{ id: string }> {
  return transaction((tx) => createToolInTx(tx, actor, input));
}

/**
 * Partial update: present fields replace the stored ones; the merged tool must satisfy the code
 * rules. `expected` is If-Match; an update that changes nothing writes no version.
 */
export async function updateTool(actor: Actor, id: string, input: ToolUpdateInput, expected?: number[]): Promise<Versioned<ToolRecord>> {
  return unlessUnchanged(
    () =>
      transaction(async (tx) => {
        const { version } = await lockResource(tx, actor, 'tools', id, { expected, mustExist: true, sectors: input.sectors });
        const stored = (await findRow(tx, actor.companyId, id))!;
        const merged = {
          code: input.code === undefined ? stored.code : input.code,
          entryFunctionName: input.entryFunctionName === undefined ? stored.entryFunctionName : input.entryFunctionName,
        };
        const errors = codeRuleErrors(merged);
        if (errors.length) throw invalidFields(errors);
        const tool = toRecord(await tx.tool.update({ where: { id }, data: changedColumns(input) }));
        assertChanged(toRecord(stored), tool, version);
        const action = Object.keys(input).length === 1 && input.enabled !== undefined && input.enabled !== stored.enabled ? (input.enabled ? 'enabled' : 'disabled') : 'updated';
        return { value: tool, version: await recordVersion(tx, actor, 'tools', id, action, tool) };
      }).catch(rethrowPrismaError('Tool')),
    async () => JSON.parse(await getToolJson(actor, id)) as ToolRecord,
  );
}

/** What uses a tool: the agents naming it. */
export const dependents = agentsUsing((id) => ({ tools: { some: { toolId: id } } }));

/** 409 while an agent uses the tool; the message names the agents. */
export async function deleteTool(actor: Actor, id: string, expected?: number[]): Promise<{ id: string }> {
  return transaction(async (tx) => {
    await lockResource(tx, actor, 'tools', id, { expected, mustExist: true });
    await assertUnused(tx, 'tools', actor, id, dependents);
    const gone = await tx.tool.delete({ where: { id } });
    await recordVersion(tx, actor, 'tools', id, 'deleted', toRecord(gone));
    return { id };
  }).catch(rethrowPrismaError('Tool'));
}

/** A stored row as the API answers it (bundle exports read rows through it too). */
export { toRecord as toolRecord };
