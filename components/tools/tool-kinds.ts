// What a tool is, from its stored fields (the API keeps no type): code, MCP server, or an
// integration; and the starting values of the form for each catalogue type.
import type { AvailableToolType } from '@/lib/client/tools';
import type { McpTransport, ToolRecord } from '@/lib/schemas/tool';
import { own } from '@/lib/dict';

export type ToolKind = 'code' | 'mcp' | 'integration';

/** The kind of a tool that runs code and/or talks to an MCP server (an MCP server wins). */
export function kindFrom(hasCode: boolean, hasMcp: boolean): ToolKind {
  if (hasMcp) return 'mcp';
  if (hasCode) return 'code';
  return 'integration';
}

export function kindOf(tool: Pick<ToolRecord, 'code' | 'mcp'>): ToolKind {
  return kindFrom(tool.code != null, tool.mcp != null);
}

export const KIND_LABELS: Record<ToolKind, string> = { code: 'Code', mcp: 'MCP server', integration: 'Integration' };

export const CATEGORY_LABELS: Record<string, { title: string; text: string }> = {
  runtime: { title: 'Runtimes', text: 'Write the function yourself; the agent calls it by name.' },
  integration: { title: 'Integrations', text: 'Connect a service or an MCP server.' },
};

export const TRANSPORT_LABELS: Record<McpTransport, string> = { sse: 'Server-Sent Events (sse)', 'streamable-http': 'Streamable HTTP (streamable-http)' };

/** The MCP transport a catalogue type stands for. */
export const TRANSPORT_OF: Record<string, McpTransport> = { 'mcp-sse': 'sse', 'mcp-streamable-http': 'streamable-http' };

export const TEMPLATES: Record<string, { code: string; entry: string; language: string }> = {
  javascript: {
    language: 'JavaScript',
    entry: 'run',
    code: `// Called with the input the agent passes; return what the agent should see.
function run(input) {
  return { received: input };
}
`,
  },
  python: {
    language: 'Python',
    entry: 'run',
    code: `# Called with the input the agent passes; return what the agent should see.
def run(input):
    return {"received": input}
`,
  },
};

/** The form's plain words for the API field names a catalogue description quotes. */
const FIELD_WORDS: Record<string, string> = { code: '“Code”', entryFunctionName: '“Entry function”', mcp: '“MCP server”', 'mcp.url': '“Server URL”', 'mcp.transport': '“Transport”' };

/**
 * A catalogue description in plain words: `entryFunctionName` reads “Entry function”, the field's label
 * (the form shows the API name beside it), and a quoted setting in brackets (`mcp.transport: "sse"`),
 * which the type's name already says, is dropped.
 */
export const plain = (text: string) =>
  text
    .replace(/\s*\(`[^`]*:[^`]*`\)/g, '')
    .replace(/`([^`]*)`/g, (_, name: string) => own(FIELD_WORDS, name) ?? name);

export type TypeDefaults = { hasCode: boolean; hasMcp: boolean; code: string; entryFunctionName: string; transport: McpTransport | ''; name: string; description: string };

export function defaultsFor(type: AvailableToolType): TypeDefaults {
  const template = TEMPLATES[type.key];
  const transport = TRANSPORT_OF[type.key];
  const plainIntegration = !template && !transport;
  return {
    hasCode: Boolean(template),
    hasMcp: Boolean(transport),
    code: template?.code ?? '',
    entryFunctionName: template?.entry ?? '',
    transport: transport ?? '',
    name: plainIntegration ? type.name : '',
    description: plainIntegration ? plain(type.description) : '',
  };
}
