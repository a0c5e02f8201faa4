// What a tool is, from its stored fields (the API keeps no type): code, MCP server, or an
// integration; and the starting values of the form for each catalogue type.
import type { AvailableToolType } from '@/lib/client/tools';
import type { McpTransport, ToolRecord } from '@/lib/schemas/tool';
import { own } from '@/lib/dict';

export type ToolKind = 'code' | 'mcp' | 'integration';

export function kindOf(tool: Pick<ToolRecord, 'code' | 'mcp'>): ToolKind {
  if (tool.mcp != null) return 'mcp';
  if (tool.code != null) return 'code';
  return 'integration';
}

export const KIND_LABELS: Record<ToolKind, string> = { code: 'Code', mcp: 'MCP server', integration: 'Integration' };

export const CATEGORY_LABELS: Record<string, { title: string; text: string }> = {
  runtime: { title: 'Runtimes', text: 'Write the function yourself; the agent calls it by name.' },
  integration: { title: 'Integrations', text: 'Connect a service or an MCP server.' },
};

export const TRANSPORT_LABELS: Record<McpTransport, string> = { sse: 'Server-Sent Events (sse)', 'streamable-http': 'Streamable HTTP (streamable-http)' };

/** The MCP transport a catalogue type stands for. */
export const TRANSPORT_OF: Record<string, McpTransport> = { 'mcp-sse': 'sse', 'mcp-streamable-http': 'streamable-http' };

// ---- Tool types (issue 23) ----
// A tool stores no type (the API shape is kept): the type is read back from its fields. An MCP tool
// is the MCP type of its transport. A code tool starts with a marker line naming its type in the
// code's own comment syntax (`// tool-type: http-request`, `# tool-type: python`), which also keeps
// its language; a code tool without one (made through the API) is Python when it defines a
// function with `def`, else JavaScript. The integration types that run code keep their settings
// in one line of the code, `const SETTINGS = {...};` (JSON), which the form reads and rewrites
// (decision 060).

export type Language = 'javascript' | 'python';
export const LANGUAGE_LABELS: Record<Language, string> = { javascript: 'JavaScript', python: 'Python' };

/** A setting of an integration type, edited as text in the form and kept typed in SETTINGS. */
export type SettingField = {
  key: string;
  label: string;
  hint: string;
  input: 'url' | 'text' | 'select' | 'headers' | 'count' | 'sql' | 'env';
  options?: readonly string[];
  /** For `count`: the largest value. */
  max?: number;
};

export type CodeType = { language: Language; entry: string; fields: readonly SettingField[]; settings: Record<string, string>; body: string };

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const CODE_TYPES: Record<string, CodeType> = {
  javascript: {
    language: 'javascript',
    entry: 'run',
    fields: [],
    settings: {},
    body: `// Called with the input the agent passes; return what the agent should see.
function run(input) {
  return { received: input };
}
`,
  },
  python: {
    language: 'python',
    entry: 'run',
    fields: [],
    settings: {},
    body: `# Called with the input the agent passes; return what the agent should see.
def run(input):
    return {"received": input}
`,
  },
  'http-request': {
    language: 'javascript',
    entry: 'run',
    fields: [
      { key: 'url', label: 'URL', hint: 'The endpoint called, an http(s) address.', input: 'url' },
      { key: 'method', label: 'Method', hint: 'GET sends the input as query parameters; the others send it as a JSON body.', input: 'select', options: HTTP_METHODS },
      { key: 'headers', label: 'Headers', hint: 'One per line, as “Name: value”. Keep secrets out: they are stored in the code.', input: 'headers' },
    ],
    settings: { url: '', method: 'GET', headers: 'Accept: application/json' },
    body: `// Calls SETTINGS.url with SETTINGS.method and SETTINGS.headers; the agent's input goes in the
// query string (GET, DELETE) or as a JSON body. Returns the status and the answer (JSON when it is).
async function run(input) {
  const init = { method: SETTINGS.method, headers: { ...SETTINGS.headers } };
  const url = new URL(SETTINGS.url);
  if (SETTINGS.method === 'GET' || SETTINGS.method === 'DELETE') {
    for (const [key, value] of Object.entries(input ?? {})) url.searchParams.set(key, String(value));
  } else {
    init.headers['Content-Type'] ??= 'application/json';
    init.body = JSON.stringify(input ?? {});
  }
  const response = await fetch(url, init);
  const text = await response.text();
  let body = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, ok: response.ok, body };
}
`,
  },
  'web-search': {
    language: 'javascript',
    entry: 'run',
    fields: [
      { key: 'endpoint', label: 'Search endpoint', hint: 'A SearXNG-compatible search URL that answers JSON (…/search?q=…&format=json), e.g. your own SearXNG.', input: 'url' },
      { key: 'maxResults', label: 'Results', hint: 'How many results the agent gets (1 to 20).', input: 'count', max: 20 },
    ],
    settings: { endpoint: '', maxResults: '5' },
    body: `// Searches the web through SETTINGS.endpoint (SearXNG's JSON API) for input.query and returns the
// first SETTINGS.maxResults results as { title, url, snippet }.
async function run(input) {
  const url = new URL(SETTINGS.endpoint);
  url.searchParams.set('q', String(input?.query ?? input ?? ''));
  url.searchParams.set('format', 'json');
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(\`search answered \${response.status}\`);
  const data = await response.json();
  return (data.results ?? []).slice(0, SETTINGS.maxResults).map((r) => ({ title: r.title, url: r.url, snippet: r.content }));
}
`,
  },
  'sql-query': {
    language: 'javascript',
    entry: 'run',
    fields: [
      { key: 'connectionEnv', label: 'Connection variable', hint: 'The environment variable that holds the PostgreSQL connection URL where the tool runs (the URL itself is not stored).', input: 'env' },
      { key: 'query', label: 'Query', hint: 'One SQL statement; $1, $2… take input.params in order. It runs in a read-only transaction.', input: 'sql' },
      { key: 'maxRows', label: 'Rows', hint: 'At most this many rows go back to the agent (1 to 1000).', input: 'count', max: 1000 },
    ],
    settings: { connectionEnv: 'DATABASE_URL', query: 'SELECT 1', maxRows: '100' },
    body: `// Runs SETTINGS.query on the PostgreSQL database named by the environment variable
// SETTINGS.connectionEnv, in a read-only transaction, with input.params as $1, $2…; returns at
// most SETTINGS.maxRows rows. Needs the "pg" package where it runs.
async function run(input) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: process.env[SETTINGS.connectionEnv] });
  await client.connect();
  try {
    await client.query('BEGIN READ ONLY');
    const result = await client.query(SETTINGS.query, Array.isArray(input?.params) ? input.params : []);
    await client.query('ROLLBACK');
    return { rowCount: result.rowCount, rows: result.rows.slice(0, SETTINGS.maxRows) };
  } finally {
    await client.end();
  }
}
`,
  },
};

const comment = (language: Language) => (language === 'python' ? '#' : '//');
const MARKER = /^(\/\/|#) tool-type: ([a-z0-9-]+)[^\n]*(?:\n|$)/;
const SETTINGS_LINE = /^(?:const )?SETTINGS = (\{.*\});?$/m;

/** The settings as SETTINGS holds them: headers as an object, counts as numbers. */
function typedSettings(type: CodeType, settings: Record<string, string>): Record<string, unknown> {
  const typed = new Map<string, unknown>();
  for (const field of type.fields) {
    const value = (Object.hasOwn(settings, field.key) ? settings[field.key] : type.settings[field.key]) ?? '';
    if (field.input === 'headers') typed.set(field.key, Object.fromEntries(parseHeaders(value).map(({ name, value: v }) => [name, v])));
    else if (field.input === 'count') typed.set(field.key, Number(value));
    else typed.set(field.key, value.trim());
  }
  return Object.fromEntries(typed);
}

/** "Name: value" lines (blank lines skipped); `error` names the first line that is not one. */
export function parseHeaders(text: string): { name: string; value: string; error?: string }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(':');
      const name = colon > 0 ? line.slice(0, colon).trim() : '';
      return /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) ? { name, value: line.slice(colon + 1).trim() } : { name: '', value: '', error: `“${line}” is not “Name: value”` };
    });
}

/** Why a setting's text is refused, or null. */
export function settingError(field: SettingField, value: string): string | null {
  const v = value.trim();
  switch (field.input) {
    case 'url':
      return /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v) ? null : 'must be an http(s) URL';
    case 'select':
      return field.options?.includes(v) ? null : `must be one of ${field.options?.join(', ')}`;
    case 'headers':
      return parseHeaders(value).find((h) => h.error)?.error ?? null;
    case 'count':
      return /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= (field.max ?? 1000) ? null : `must be a whole number from 1 to ${field.max ?? 1000}`;
    case 'env':
      return /^[A-Za-z_][A-Za-z0-9_]*$/.test(v) ? null : 'must be an environment variable name (letters, digits, _)';
    case 'sql':
    case 'text':
      return v ? null : 'must not be empty';
  }
}

/** The settings' text for the form, read from the SETTINGS line of `code` (the type's defaults for what is missing). */
export function readSettings(typeKey: string, code: string): Record<string, string> {
  const type = CODE_TYPES[typeKey];
  if (!type) return {};
  const settings = { ...type.settings };
  const match = SETTINGS_LINE.exec(code);
  let stored: unknown = null;
  try {
    stored = match ? JSON.parse(match[1]) : null;
  } catch {}
  if (!stored || typeof stored !== 'object') return settings;
  for (const field of type.fields) {
    if (!Object.hasOwn(stored, field.key)) continue;
    const value = (stored as Record<string, unknown>)[field.key];
    if (field.input === 'headers' && value && typeof value === 'object') {
      settings[field.key] = Object.entries(value as Record<string, unknown>)
        .map(([name, v]) => `${name}: ${String(v)}`)
        .join('\n');
    } else if (typeof value === 'string' || typeof value === 'number') settings[field.key] = String(value);
  }
  return settings;
}

/** `code` with its SETTINGS line holding `settings` (added under the marker line when missing). */
export function writeSettings(typeKey: string, code: string, settings: Record<string, string>): string {
  const type = CODE_TYPES[typeKey];
  if (!type?.fields.length) return code;
  const line = `const SETTINGS = ${JSON.stringify(typedSettings(type, settings))};`;
  if (SETTINGS_LINE.test(code)) return code.replace(SETTINGS_LINE, () => line);
  const marker = MARKER.exec(code);
  return marker ? `${marker[0]}${line}\n${code.slice(marker[0].length)}` : `${line}\n${code}`;
}

/** The code a new tool of the type starts with: its marker line, its settings, its template. */
export function codeTemplate(typeKey: string, name: string): string {
  const type = CODE_TYPES[typeKey]!;
  const marker = `${comment(type.language)} tool-type: ${typeKey} (${name}; the console's form reads this line)\n`;
  return type.fields.length ? writeSettings(typeKey, `${marker}\n${type.body}`, type.settings) : `${marker}${type.body}`;
}

/** The catalogue type of a stored tool ('' for one with neither code nor an MCP server). */
export function typeOf(tool: { code: string | null; mcp: { transport: McpTransport | null } | null }): string {
  if (tool.mcp) return tool.mcp.transport === 'streamable-http' ? 'mcp-streamable-http' : 'mcp-sse';
  if (tool.code == null) return '';
  const marker = MARKER.exec(tool.code);
  if (marker && CODE_TYPES[marker[2]] && (marker[1] === '#') === (CODE_TYPES[marker[2]].language === 'python')) return marker[2];
  return /^\s*def\s+[A-Za-z_]/m.test(tool.code) ? 'python' : 'javascript';
}

/** The language of a code type ('' for the others). */
export const languageOf = (typeKey: string): Language | '' => CODE_TYPES[typeKey]?.language ?? '';

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

export type TypeDefaults = { type: string; code: string; entryFunctionName: string; transport: McpTransport | ''; settings: Record<string, string> };

/** The starting values of the form's type-dependent fields for a catalogue type. */
export function defaultsFor(type: Pick<AvailableToolType, 'key' | 'name'>): TypeDefaults {
  const code = CODE_TYPES[type.key];
  return {
    type: type.key,
    code: code ? codeTemplate(type.key, type.name) : '',
    entryFunctionName: code?.entry ?? '',
    transport: TRANSPORT_OF[type.key] ?? '',
    settings: code ? { ...code.settings } : {},
  };
}
