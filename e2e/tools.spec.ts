// Tools, end to end: the catalogue of tool types → a JavaScript tool whose code and entry
// function are checked on their fields → appears in the list → toggle → edit into an MCP tool
// (URL checked on its field) → delete (refused while an agent uses the tool, then done).
import { expect, test } from '@playwright/test';
import { ADMIN, apiAs, checkListFilters, deleteFromDetail, expectAccessible, snap, switchOffInRow, unique } from './fixtures';

type Tool = { id: string; name: string; enabled: boolean; code: string | null; entryFunctionName: string | null; mcp: { url: string; transport: string } | null; environments: string[] };

test('tools: catalogue, create, list, edit, toggle, delete', async ({ page }, testInfo) => {
  const name = unique('Ticket lookup');

  // ---- The catalogue, grouped by category; an MCP type preselects its transport.
  await page.goto('/tools/new');
  await expect(page.getByRole('heading', { name: 'New tool', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Runtimes' }).getByRole('link')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Integrations' })).toContainText('MCP server (SSE)');
  await expectAccessible(page, testInfo, 'tool-catalogue');
  await snap(page, testInfo, 'tool-catalogue');
  await page.getByRole('link', { name: /MCP server \(Streamable HTTP\)/ }).click();
  await expect(page).toHaveURL(/type=mcp-streamable-http/);
  await expect(page.getByRole('region', { name: 'MCP server' })).toContainText('over Streamable HTTP');
  await page.getByRole('link', { name: 'Change type' }).click();
  await page.getByRole('link', { name: /JavaScript function/ }).click();
  await expect(page.getByRole('heading', { name: 'New tool: JavaScript function' })).toBeVisible();

  // ---- The code form: a template, Tab indents, the entry function is checked on its field.
  await expect(page.getByLabel('Publisher')).toHaveValue(ADMIN.name);
  const code = page.getByLabel('Code (JavaScript)');
  await expect(code).toHaveValue(/function run\(input\)/);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill('Finds a support ticket by its number.');
  await page.getByLabel('Sectors').fill('support,');
  await page.getByLabel('Environments').fill('production,');
  await expect(page.getByRole('button', { name: 'Remove environment production' })).toBeVisible();
  await code.fill('function lookup(ticket) {\n');
  await code.press('End');
  await code.press('Tab');
  await code.pressSequentially('return { ticket };\n}\n');
  await expect(code).toHaveValue('function lookup(ticket) {\n  return { ticket };\n}\n');
  await page.getByLabel('Entry function').fill('');
  await page.getByRole('button', { name: 'Create tool' }).click();
  await expect(page.locator('#entryFunctionName-error')).toHaveText('Is required when code is given');
  await expect(page.getByLabel('Entry function')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Entry function').fill('run');
  await page.getByRole('button', { name: 'Create tool' }).click();
  await expect(page.locator('#entryFunctionName-error')).toHaveText('"run" is not a function defined in code');
  await expectAccessible(page, testInfo, 'tool-new');
  await snap(page, testInfo, 'tool-new-validation');
  await page.getByLabel('Entry function').fill('lookup');
  await expect(page.locator('#entryFunctionName-error')).toHaveCount(0);
  await snap(page, testInfo, 'tool-new');
  await page.getByRole('button', { name: 'Create tool' }).click();

  // ---- Detail.
  await expect(page).toHaveURL(/\/tools\/(?!new)[^/?]+$/);
  await expect(page.getByText(`Tool “${name}” created`)).toBeVisible();
  const id = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(page.getByRole('region', { name: 'Code' })).toContainText('Entry function: lookup');
  await expect(page.getByRole('region', { name: 'Overview' })).toContainText('production');
  await expectAccessible(page, testInfo, 'tool-detail');
  await snap(page, testInfo, 'tool-detail');
  expect(await apiAs<Tool>(page.request, 'GET', `/tools/${id}`)).toMatchObject({ name, entryFunctionName: 'lookup', environments: ['production'], mcp: null, enabled: true });

  // ---- List, filters, inline toggle (a partial PUT).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tools' }).click();
  // Lists are sorted by name and paged: other specs' rows may come first, so look it up by name.
  await page.getByLabel('Search tools').fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Code');
  await checkListFilters(page, row, { search: 'Search tools', noun: 'tool', name, sector: 'support' });
  await expectAccessible(page, testInfo, 'tools-list');
  await snap(page, testInfo, 'tools-list');
  await switchOffInRow(page, row, name);
  await expect.poll(async () => (await apiAs<Tool>(page.request, 'GET', `/tools/${id}`)).enabled).toBe(false);

  // ---- Edit into an MCP tool: the URL is checked on its field; code is cleared.
  await row.getByRole('link', { name: `Edit tool ${name}` }).click();
  await expect(page.getByRole('heading', { name: `Edit “${name}”` })).toBeVisible();
  await expect(page.getByLabel('Entry function')).toHaveValue('lookup');
  await expect(page.getByRole('combobox', { name: 'Tool type' })).toHaveValue('javascript');
  await page.getByRole('combobox', { name: 'Tool type' }).selectOption('mcp-sse');
  await expect(page.getByLabel('Entry function')).toHaveCount(0);
  await page.getByLabel('Server URL').fill('tickets.example.com');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByLabel('Server URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('[id="mcp.url-error"]')).toHaveText('Must be an http(s) URL');
  await expectAccessible(page, testInfo, 'tool-edit');
  await snap(page, testInfo, 'tool-edit');
  await page.getByLabel('Server URL').fill('https://tickets.example.com/sse');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/tools/${id}$`));
  await expect(page.getByText(`Tool “${name}” saved`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'MCP server' })).toContainText('https://tickets.example.com/sse');
  expect(await apiAs<Tool>(page.request, 'GET', `/tools/${id}`)).toMatchObject({ code: null, entryFunctionName: null, mcp: { url: 'https://tickets.example.com/sse', transport: 'sse' }, enabled: false });

  // ---- Delete: refused while an agent uses the tool, naming the agent; then done.
  const model = await apiAs<{ id: string }>(page.request, 'POST', '/ai-models', {
    model: { name: unique('Tool test model'), sectors: [], description: 'For the tools test', enabled: true, provider: 'meta', model: 'llama-3.1-8b' },
  });
  const agentName = unique('Tool user');
  const agent = await apiAs<{ id: string }>(page.request, 'POST', '/agents', {
    name: agentName, enabled: true, model: model.id, auto: false, reasoning: false, publisher: 'e2e', temperature: 0.5,
    role: 'Uses the tool', objective: 'Keep it', referencies: 'None', 'can.delegate': false, can_code: false, multimodal: false,
    sectors: [], tools: [id], knowledgeBases: [],
  });
  await page.getByRole('button', { name: `Delete tool ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete tool “${name}”?` });
  // Where used (issue 10): the dialog lists what uses it, as links, and the delete waits until nothing does.
  await expect(dialog.getByRole('list', { name: /^What uses/ }).getByRole('link', { name: agentName })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Delete tool' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await apiAs(page.request, 'DELETE', `/agents/${agent.id}`);
  await apiAs(page.request, 'DELETE', `/ai-models/${model.id}`);
  await deleteFromDetail(page, { path: '/tools', noun: 'tool', name, id });
});

test('an MCP tool says MCP server only while its type is one (issue 9.3)', async ({ page }, testInfo) => {
  // New, from an MCP type: the type fixes the kind and the transport, so no switch contradicts them.
  await page.goto('/tools/new?type=mcp-sse');
  await expect(page.getByRole('heading', { name: 'New tool: MCP server (SSE)' })).toBeVisible();
  const mcp = page.getByRole('region', { name: 'MCP server' });
  await expect(mcp).toContainText('over Server-Sent Events (sse)');
  await expect(page.getByRole('switch', { name: 'Connects to an MCP server' })).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Runs code' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Code' })).toHaveCount(0);
  const name = unique('Docs MCP');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill('Searches the product documentation.');
  await page.getByLabel('Server URL').fill('https://docs.example.com/sse');
  await expectAccessible(page, testInfo, 'tool-new-mcp');
  await snap(page, testInfo, 'tool-new-mcp');
  await page.getByRole('button', { name: 'Create tool' }).click();
  await expect(page).toHaveURL(/\/tools\/(?!new)[^/?]+$/);
  const id = page.url().split('/').pop()!;
  expect(await apiAs<Tool>(page.request, 'GET', `/tools/${id}`)).toMatchObject({ name, code: null, mcp: { url: 'https://docs.example.com/sse', transport: 'sse' } });

  // Edit: the same form, the type read back from the tool; another type shows only its own section.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Tool type' })).toHaveValue('mcp-sse');
  await expect(page.getByRole('region', { name: 'MCP server' })).toContainText('over Server-Sent Events (sse)');
  await expect(page.getByRole('switch')).toHaveCount(1); // Enabled only: no switches for the kind
  await page.getByRole('combobox', { name: 'Tool type' }).selectOption('javascript');
  await expect(page.getByLabel('Server URL')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'MCP server' })).toHaveCount(0);
  await expect(page.getByLabel('Code (JavaScript)')).toHaveValue(/function run\(input\)/);
  await expectAccessible(page, testInfo, 'tool-edit-kind');
  await snap(page, testInfo, 'tool-edit-kind');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/tools/${id}$`));
  await expect(page.getByRole('region', { name: 'Overview' })).toContainText('KindCode');
  await expect(page.getByRole('region', { name: 'MCP server' })).toHaveCount(0);
  expect(await apiAs<Tool>(page.request, 'GET', `/tools/${id}`)).toMatchObject({ entryFunctionName: 'run', mcp: null });
  await apiAs(page.request, 'DELETE', `/tools/${id}`);
});

/**
 * Honest tool types (issue 23): each type the picker offers, created through the form with the
 * settings it asks for, reopens in the edit form with its type, its language and its settings.
 */
test('every offered tool type asks for what it needs, and edit reads the type, language and settings back (issue 23)', async ({ page }, testInfo) => {
  test.setTimeout(300_000); // seven tools created and reopened
  type Case = { key: string; title: string; language?: string; fill: Record<string, string>; select?: Record<string, string>; check: (tool: Tool) => void };
  const cases: Case[] = [
    { key: 'javascript', title: 'JavaScript function', language: 'JavaScript', fill: {}, check: (t) => expect(t.code).toMatch(/^\/\/ tool-type: javascript/) },
    { key: 'python', title: 'Python function', language: 'Python', fill: {}, check: (t) => expect(t.code).toMatch(/^# tool-type: python[^\n]*\n[\s\S]*def run\(input\):/) },
    {
      key: 'http-request', title: 'HTTP request', language: 'JavaScript',
      fill: { URL: 'https://api.example.com/orders', Headers: 'Accept: application/json\nX-Team: blue' }, select: { Method: 'POST' },
      check: (t) => expect(t.code).toContain('const SETTINGS = {"url":"https://api.example.com/orders","method":"POST","headers":{"Accept":"application/json","X-Team":"blue"}};'),
    },
    {
      key: 'web-search', title: 'Web search', language: 'JavaScript', fill: { 'Search endpoint': 'https://search.example.com/search', Results: '8' },
      check: (t) => expect(t.code).toContain('const SETTINGS = {"endpoint":"https://search.example.com/search","maxResults":8};'),
    },
    {
      key: 'sql-query', title: 'SQL query', language: 'JavaScript', fill: { 'Connection variable': 'ORDERS_DB_URL', Query: 'SELECT id, total FROM orders WHERE customer = $1', Rows: '50' },
      check: (t) => expect(t.code).toContain('"connectionEnv":"ORDERS_DB_URL","query":"SELECT id, total FROM orders WHERE customer = $1","maxRows":50'),
    },
    { key: 'mcp-sse', title: 'MCP server (SSE)', fill: { 'Server URL': 'https://mcp.example.com/sse' }, check: (t) => expect(t.mcp).toEqual({ url: 'https://mcp.example.com/sse', transport: 'sse' }) },
    {
      key: 'mcp-streamable-http', title: 'MCP server (Streamable HTTP)', fill: { 'Server URL': 'https://mcp.example.com/mcp' },
      check: (t) => expect(t.mcp).toEqual({ url: 'https://mcp.example.com/mcp', transport: 'streamable-http' }),
    },
  ];
  // The picker offers exactly these.
  await page.goto('/tools/new');
  await expect(page.locator('.type-card')).toHaveCount(cases.length);
  for (const c of cases) {
    await page.goto(`/tools/new?type=${c.key}`);
    await expect(page.getByRole('heading', { name: `New tool: ${c.title}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Type' })).toContainText(c.language ? `${c.title} · ${c.language}` : c.title);
    const name = unique(`${c.title} tool`);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Description').fill(`A ${c.title} tool.`);
    // An integration asks for its settings: a wrong one is refused on its field.
    if (c.key === 'http-request') {
      await page.getByLabel('URL', { exact: true }).fill('api.example.com');
      await page.getByRole('button', { name: 'Create tool' }).click();
      await expect(page.locator('[id="settings.url-error"]')).toHaveText('Must be an http(s) URL');
      await snap(page, testInfo, 'tool-new-http-request');
    }
    for (const [label, value] of Object.entries(c.fill)) await page.getByLabel(label, { exact: true }).fill(value);
    for (const [label, value] of Object.entries(c.select ?? {})) await page.getByLabel(label, { exact: true }).selectOption(value);
    if (c.language) await expect(page.getByLabel(`Code (${c.language})`)).toBeVisible();
    await page.getByRole('button', { name: 'Create tool' }).click();
    await expect(page).toHaveURL(/\/tools\/(?!new)[^/?]+$/);
    const id = page.url().split('/').pop()!;
    const tool = await apiAs<Tool>(page.request, 'GET', `/tools/${id}`);
    c.check(tool);
    if (c.language) expect(tool.entryFunctionName).toBe('run');

    // Edit: the same form, the type, the language and the settings read back from the stored tool.
    await page.goto(`/tools/${id}/edit`);
    await expect(page.getByRole('combobox', { name: 'Tool type' })).toHaveValue(c.key);
    if (c.language) await expect(page.getByLabel(`Code (${c.language})`)).toHaveValue(tool.code!);
    for (const [label, value] of Object.entries({ ...c.fill, ...c.select })) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    if (c.key === 'http-request') {
      await expectAccessible(page, testInfo, 'tool-edit-http-request');
      // A setting changed on edit goes into the code's SETTINGS line, the rest of the code kept.
      await page.getByLabel('Method', { exact: true }).selectOption('GET');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page).toHaveURL(new RegExp(`/tools/${id}$`));
      const saved = await apiAs<Tool>(page.request, 'GET', `/tools/${id}`);
      expect(saved.code).toBe(tool.code!.replace('"method":"POST"', '"method":"GET"'));
    }
    await apiAs(page.request, 'DELETE', `/tools/${id}`);
  }
});
