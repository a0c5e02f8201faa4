// Honest tool types (issue 23): every type the console's picker offers makes a tool the API takes
// (code + entryFunctionName that the code defines, or mcp), and the stored tool tells its type,
// its language and its settings back.
import { describe, expect, it } from 'vitest';
import { CODE_TYPES, defaultsFor, readSettings, settingError, TRANSPORT_OF, typeOf, writeSettings } from '@/components/tools/tool-kinds';
import { TOOL_TYPES } from '@/lib/catalog/tool-types';
import { codeRuleErrors, toolCreateBody } from '@/lib/schemas/tool';

describe('tool types', () => {
  it('every catalogue type is either a code type or an MCP type', () => {
    for (const type of TOOL_TYPES) expect(!!CODE_TYPES[type.key] !== !!TRANSPORT_OF[type.key], type.key).toBe(true);
  });

  it('a new tool of each code type passes the API schema and reads back as its type, with its settings', () => {
    for (const type of TOOL_TYPES.filter((t) => CODE_TYPES[t.key])) {
      const d = defaultsFor(type);
      const settings = { ...d.settings };
      for (const field of CODE_TYPES[type.key]!.fields) if (field.input === 'url') settings[field.key] = 'https://example.com/api';
      const code = writeSettings(type.key, d.code, settings);
      const body = toolCreateBody.safeParse({ tool: { name: 'x', description: 'y', sectors: [], publisher: 'p', enabled: true, environments: [], code, entryFunctionName: d.entryFunctionName } });
      expect(body.success, type.key).toBe(true);
      expect(codeRuleErrors({ code, entryFunctionName: d.entryFunctionName })).toEqual([]);
      expect(typeOf({ code, mcp: null })).toBe(type.key);
      expect(readSettings(type.key, code)).toEqual(settings);
      for (const field of CODE_TYPES[type.key]!.fields) expect(settingError(field, settings[field.key]), `${type.key}.${field.key}`).toBeNull();
    }
  });

  it('the HTTP request keeps URL, method and headers in its SETTINGS line, and rewrites only that line', () => {
    const d = defaultsFor({ key: 'http-request', name: 'HTTP request' });
    const edited = `${writeSettings('http-request', d.code, d.settings)}\n// my note\n`;
    const code = writeSettings('http-request', edited, { url: 'https://api.example.com/items', method: 'POST', headers: 'Accept: application/json\nX-Team: blue' });
    expect(code).toContain('const SETTINGS = {"url":"https://api.example.com/items","method":"POST","headers":{"Accept":"application/json","X-Team":"blue"}};');
    expect(code).toContain('// my note');
    expect(code.split('\n')[0]).toMatch(/^\/\/ tool-type: http-request/);
    expect(readSettings('http-request', code)).toEqual({ url: 'https://api.example.com/items', method: 'POST', headers: 'Accept: application/json\nX-Team: blue' });
  });

  it('keeps the language: a Python marker, else detected from the code', () => {
    expect(typeOf({ code: defaultsFor({ key: 'python', name: 'Python function' }).code, mcp: null })).toBe('python');
    expect(typeOf({ code: 'def lookup(x):\n    return x\n', mcp: null })).toBe('python');
    expect(typeOf({ code: 'function lookup(x) { return x }', mcp: null })).toBe('javascript');
    expect(typeOf({ code: null, mcp: { transport: 'streamable-http' } })).toBe('mcp-streamable-http');
    expect(typeOf({ code: null, mcp: { transport: 'sse' } })).toBe('mcp-sse');
    expect(typeOf({ code: null, mcp: null })).toBe('');
  });

  it('refuses settings that would not work', () => {
    const [url, method, headers] = CODE_TYPES['http-request']!.fields;
    expect(settingError(url, 'example.com')).toMatch(/http/);
    expect(settingError(method, 'FETCH')).toMatch(/one of/);
    expect(settingError(headers, 'no colon here')).toMatch(/Name: value/);
    expect(settingError(CODE_TYPES['sql-query']!.fields[0], 'DATABASE URL')).toMatch(/environment variable/);
    expect(settingError(CODE_TYPES['web-search']!.fields[1], '0')).toMatch(/1 to 20/);
  });
});
