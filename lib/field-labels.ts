// The label of each field of each kind, as its form shows it, keyed by the API's name for the
// field (decision 055). One place: the forms' fields and error summaries and the History tab's
// diff read it. Tables are in the forms' order (the error summary lists problems in that order).
import type { VersionKind } from './versions/diff';

export const FIELD_LABELS = {
  agents: {
    name: 'Name',
    publisher: 'Publisher',
    role: 'Role',
    objective: 'Objective',
    referencies: 'References',
    sectors: 'Sectors',
    model: 'AI model',
    temperature: 'Temperature',
    enabled: 'Enabled',
    auto: 'Automatic',
    reasoning: 'Reasoning',
    'can.delegate': 'Can delegate',
    can_code: 'Can code',
    multimodal: 'Multimodal',
    tools: 'Tools',
    knowledgeBases: 'Knowledge bases',
  },
  squads: {
    name: 'Name',
    order: 'Order',
    enabled: 'Enabled',
    do_plan: 'Plan first',
    sectors: 'Sectors',
    publisher: 'Publisher',
    planningAgent: 'Planning agent',
    supervisor: 'Supervisor',
  },
  tools: {
    name: 'Name',
    description: 'Description',
    sectors: 'Sectors',
    publisher: 'Publisher',
    enabled: 'Enabled',
    environments: 'Environments',
    code: 'Code',
    entryFunctionName: 'Entry function',
    mcp: 'MCP server',
    'mcp.url': 'Server URL',
    'mcp.transport': 'Transport',
  },
  'knowledge-bases': {
    name: 'Name',
    description: 'Description',
    enabled: 'Enabled',
    sectors: 'Sectors',
    content: 'Content',
    type: 'Type',
    multimodal: 'Multimodal',
    tags: 'Tags',
    file: 'File',
    filename: 'File',
    fileSize: 'File size',
  },
  'ai-models': {
    name: 'Name',
    description: 'Description',
    sectors: 'Sectors',
    enabled: 'Enabled',
    provider: 'Provider',
    model: 'Model id',
    apikey: 'Provider key',
    apikeySet: 'Provider key',
  },
} as const satisfies Record<VersionKind, Record<string, string>>;

/** A squad task's fields, as the designer's task panel names them. */
export const TASK_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  agent: 'Agent',
  objective: 'Objective',
  dependsOn: 'Depends on',
  coordinates: 'Position',
};

/** The labels a form's error summary uses: `rename` maps an API name to the form's ("can.delegate" → "can_delegate"). */
export function formLabels(kind: VersionKind, rename: Readonly<Record<string, string>> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(FIELD_LABELS[kind]).map(([api, label]) => [Object.hasOwn(rename, api) ? rename[api] : api, label]));
}

/**
 * The label of a diff change's path (`can.delegate`, `mcp.url`, `planningAgent.id`,
 * `tasks.<taskId>.agent`), falling back to the path itself. `taskName` names a task by its id.
 */
export function fieldLabel(kind: VersionKind, path: string, taskName?: (id: string) => string): string {
  const table: Readonly<Record<string, string>> = FIELD_LABELS[kind];
  if (Object.hasOwn(table, path)) return table[path];
  if (kind === 'squads' && path.startsWith('tasks.')) {
    // A task id may hold dots, a task field never does.
    const dot = path.lastIndexOf('.');
    const field = path.slice(dot + 1);
    const task = path.slice('tasks.'.length, dot);
    const label = Object.hasOwn(TASK_FIELD_LABELS, field) ? TASK_FIELD_LABELS[field] : field;
    return `Task “${taskName ? taskName(task) : task}” · ${label}`;
  }
  const dot = path.indexOf('.');
  if (dot > 0 && Object.hasOwn(table, path.slice(0, dot))) {
    const rest = path.slice(dot + 1);
    if (rest === 'id') return table[path.slice(0, dot)];
    return `${table[path.slice(0, dot)]} · ${rest === 'coordinates' ? 'Position' : rest}`;
  }
  return path;
}
