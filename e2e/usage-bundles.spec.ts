// Where used and bundles (issue 10, decision 014), end to end: a tool's and a model's "Used by"
// and their delete dialogs, which list what uses them (as links) before anything is confirmed;
// a delete refused meanwhile shows its dependents; a squad exported as a file, then imported
// back with its preview (created, reused, keys needed, files to upload), applied, and opened.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiAs, expectAccessible, snap, unique, agentBody, noSidewaysScroll } from './fixtures';

const CONSOLE = { 'x-requested-with': 'console' };

const helperAgent = (name: string, model: string, tools: string[] = [], knowledgeBases: string[] = []) =>
  agentBody(model, { name, temperature: 0.4, role: 'Helps', objective: 'Help customers', referencies: 'Handbook', sectors: ['support'], tools, knowledgeBases });

const box = (x: number) => ({ x, y: 40, width: 220, height: 90 });


test('where used: detail pages and delete dialogs list what uses a tool or a model before the delete', async ({ page }, testInfo) => {
  const model = await apiAs<{ id: string }>(page.request, 'POST', '/ai-models', {
    model: { name: unique('Llama'), sectors: [], description: 'Local model', enabled: true, provider: 'meta', model: 'llama-3.1-8b' },
  });
  const toolName = unique('Order lookup');
  const tool = await apiAs<{ id: string }>(page.request, 'POST', '/tools', {
    tool: { name: toolName, description: 'Finds an order', sectors: [], publisher: 'e2e', enabled: true, environments: [] },
  });
  const spareName = unique('Spare tool');
  const spare = await apiAs<{ id: string }>(page.request, 'POST', '/tools', {
    tool: { name: spareName, description: 'Nobody uses it yet', sectors: [], publisher: 'e2e', enabled: true, environments: [] },
  });
  const agentName = unique('Order helper');
  const agent = await apiAs<{ id: string }>(page.request, 'POST', '/agents', helperAgent(agentName, model.id, [tool.id]));

  // ---- The tool's page: "Used by" links the agent; the delete dialog lists it and waits.
  await page.goto(`/tools/${tool.id}`);
  const usedBy = page.getByRole('region', { name: 'Used by' });
  await expect(usedBy.getByRole('link', { name: agentName })).toHaveAttribute('href', `/agents/${agent.id}`);
  await expect(usedBy).toContainText('1 agent uses this tool');
  await page.getByRole('button', { name: `Delete tool ${toolName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete tool “${toolName}”?` });
  await expect(dialog.getByRole('list', { name: `What uses tool ${toolName}` }).getByRole('link', { name: agentName })).toBeVisible();
  await expect(dialog).toContainText('In use: 1 agent uses this tool');
  await expect(dialog.getByRole('button', { name: 'Delete tool' })).toBeDisabled();
  await expectAccessible(page, testInfo, 'delete-dialog-in-use');
  await snap(page, testInfo, 'delete-dialog-in-use');
  // The dependent is a link: it leads to the agent.
  await dialog.getByRole('link', { name: agentName }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${agent.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(agentName);

  // ---- The model, from its list: the row's delete dialog lists the agent too.
  // Searched for, as a person would: by the time this runs, earlier specs' models fill the first
  // page of the name-sorted list (20 rows), so an unfiltered list need not show this one.
  const modelName = (await apiAs<{ name: string }>(page.request, 'GET', `/ai-models/${model.id}`)).name;
  await page.goto(`/ai-models?q=${encodeURIComponent(modelName)}`);
  const modelRow = page.getByRole('row', { name: new RegExp(modelName) });
  await modelRow.getByRole('button', { name: /^Delete AI model/ }).click();
  const modelDialog = page.getByRole('dialog', { name: /^Delete AI model/ });
  await expect(modelDialog.getByRole('list', { name: /^What uses AI model/ }).getByRole('link', { name: agentName })).toBeVisible();
  await expect(modelDialog.getByRole('button', { name: 'Delete AI model' })).toBeDisabled();
  await modelDialog.getByRole('button', { name: 'Cancel' }).click();
  await page.goto(`/ai-models/${model.id}`);
  await expect(page.getByRole('region', { name: 'Used by' }).getByRole('link', { name: agentName })).toBeVisible();
  await expectAccessible(page, testInfo, 'model-used-by');

  // ---- Unused: the dialog says so and the delete is available; if an agent starts using the
  // tool meanwhile, the server refuses and the dialog shows who, as links.
  await page.goto(`/tools/${spare.id}`);
  await expect(page.getByRole('region', { name: 'Used by' })).toContainText('No agents use this tool');
  await page.getByRole('button', { name: `Delete tool ${spareName}` }).click();
  const spareDialog = page.getByRole('dialog', { name: `Delete tool “${spareName}”?` });
  await expect(spareDialog).toContainText('This cannot be undone');
  await expect(spareDialog.getByRole('button', { name: 'Delete tool' })).toBeEnabled();
  await apiAs(page.request, 'PUT', `/agents/${agent.id}`, helperAgent(agentName, model.id, [tool.id, spare.id]));
  await spareDialog.getByRole('button', { name: 'Delete tool' }).click();
  await expect(spareDialog.getByRole('alert')).toContainText('cannot be deleted while it is in use');
  await expect(spareDialog.getByRole('alert')).toContainText(`"${agentName}"`);
  await expect(spareDialog.getByRole('list', { name: `What uses tool ${spareName}` }).getByRole('link', { name: agentName })).toHaveAttribute('href', `/agents/${agent.id}`);
  await expect(page.getByText(`Could not delete tool “${spareName}”`)).toBeVisible();
  await expectAccessible(page, testInfo, 'delete-refused');
  await spareDialog.getByRole('button', { name: 'Cancel' }).click();

  // ---- At 390 px: the dialog with its list fits, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/tools/${tool.id}`);
  await expect(page.getByRole('region', { name: 'Used by' }).getByRole('link', { name: agentName })).toBeVisible();
  await noSidewaysScroll(page);
  await page.getByRole('button', { name: `Delete tool ${toolName}` }).click();
  await expect(dialog.getByRole('button', { name: 'Delete tool' })).toBeDisabled();
  await expectAccessible(page, testInfo, 'delete-dialog-in-use-390');
  await snap(page, testInfo, 'delete-dialog-in-use-390');
  await noSidewaysScroll(page);
});

test('bundles: export a squad as a file, import it back with its preview, apply, open the squad', async ({ page }, testInfo) => {
  const key = `sk-e2e-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
  const modelName = unique('GPT bundle');
  const model = await apiAs<{ id: string }>(page.request, 'POST', '/ai-models', {
    model: { name: modelName, sectors: ['support'], description: 'Main model', enabled: true, provider: 'openai', model: 'gpt-4o', apikey: key },
  });
  const tool = await apiAs<{ id: string }>(page.request, 'POST', '/tools', {
    tool: { name: unique('Bundle search'), description: 'Searches', sectors: [], publisher: 'e2e', enabled: true, environments: [], mcp: { url: 'https://mcp.example.com/sse', transport: 'sse' } },
  });
  const kbName = unique('Bundle handbook');
  const kb = await apiAs<{ id: string }>(page.request, 'POST', '/knowledge-bases', {
    knowledgeBase: { name: kbName, description: 'The handbook', enabled: true, sectors: [], type: 'file', multimodal: false, tags: [] },
    filename: 'handbook.pdf',
  });
  const agentName = unique('Bundle agent');
  const agent = await apiAs<{ id: string }>(page.request, 'POST', '/agents', helperAgent(agentName, model.id, [tool.id], [kb.id]));
  const squadName = unique('Bundle squad');
  const squad = await apiAs<{ id: string }>(page.request, 'POST', '/squads', {
    squad: {
      name: squadName, order: 'sequential', enabled: true, do_plan: false, sectors: ['support'], publisher: 'e2e',
      tasks: [
        { id: 'triage', agent: agent.id, name: 'Triage', objective: 'Sort it', dependsOn: [], coordinates: box(0) },
        { id: 'answer', agent: agent.id, name: 'Answer', objective: 'Reply', dependsOn: ['triage'], coordinates: box(300) },
      ],
    },
  });

  // ---- Export from the squad's page: a JSON file with refs, no ids, no provider key.
  await page.goto(`/squads/${squad.id}`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export bundle' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^bundle-squad-.*\.aoc-bundle\.json$/);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const text = readFileSync(file, 'utf8');
  const bundle = JSON.parse(text);
  expect(bundle).toMatchObject({ format: 'aoc-bundle', version: 1, squad: { name: squadName }, aiModels: [{ ref: 'model-1', name: modelName, provider: 'openai' }] });
  for (const secretOrId of [key, model.id, agent.id, tool.id, kb.id, squad.id]) expect(text).not.toContain(secretOrId);
  await expect(page.getByText(`Exported “${squadName}”`)).toBeVisible();

  // The company loses all of it (as a company that never had it); the bundle brings it back.
  for (const [path, id] of [['squads', squad.id], ['agents', agent.id], ['ai-models', model.id], ['tools', tool.id], ['knowledge-bases', kb.id]]) {
    await apiAs(page.request, 'DELETE', `/${path}/${id}`);
  }

  // ---- Import page, from the squads list: a file that is not a bundle is refused in the page.
  await page.goto('/squads');
  await page.getByRole('link', { name: 'Import bundle' }).click();
  await expect(page.getByRole('heading', { name: 'Import a squad bundle' })).toBeVisible();
  await expectAccessible(page, testInfo, 'bundle-import-empty');
  const picker = page.getByLabel('Bundle file (JSON, exported from a squad)');
  await picker.setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"zip"}') });
  await expect(page.getByRole('alert').filter({ hasText: 'This file cannot be imported' })).toContainText('format: must be "aoc-bundle"');

  // ---- The preview: everything to create, the key the model needs, the file to upload after.
  await picker.setInputFiles(file);
  const preview = page.getByTestId('bundle-preview');
  await expect(preview).toContainText('5 to create, 0 already in your company');
  for (const name of [squadName, agentName, modelName, kbName]) {
    await expect(preview.getByRole('row', { name: new RegExp(name) })).toContainText('Create');
  }
  await expect(page.getByRole('region', { name: 'Files to upload after the import' })).toContainText('handbook.pdf');
  const keyField = page.getByLabel(`Provider key for “${modelName}” (openai)`);
  await expect(keyField).toHaveAttribute('type', 'password');
  await expectAccessible(page, testInfo, 'bundle-import-preview');
  await snap(page, testInfo, 'bundle-import-preview');
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await expectAccessible(page, testInfo, 'bundle-import-preview-390');
  await snap(page, testInfo, 'bundle-import-preview-390');
  await page.setViewportSize({ width: 1280, height: 860 });

  // ---- Apply: the key is asked for first; then one transaction, a toast, a link to the squad.
  await page.getByRole('button', { name: 'Apply import' }).click();
  await expect(page.getByText('A provider key is required for openai')).toBeVisible();
  await expect(keyField).toBeFocused();
  await keyField.fill(key);
  await page.getByRole('button', { name: 'Apply import' }).click();
  await expect(page.getByText(`Imported squad “${squadName}”`)).toBeVisible();
  const done = page.getByTestId('bundle-done');
  await expect(done).toContainText(`Squad “${squadName}” was created with 4 other new resources and 0 reused`);
  await expect(done.getByRole('link', { name: kbName })).toBeVisible();
  await expect(page.locator('body')).not.toContainText(key);
  await expectAccessible(page, testInfo, 'bundle-import-done');
  await snap(page, testInfo, 'bundle-import-done');
  await done.getByRole('link', { name: `Open squad “${squadName}”` }).click();
  await expect(page).toHaveURL(/\/squads\/(?!import)[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(squadName);
  await expect(page.getByRole('table', { name: `Tasks of ${squadName}` })).toContainText('Triage');
  await expect(page.getByRole('table', { name: `Tasks of ${squadName}` }).getByRole('link', { name: agentName }).first()).toBeVisible();

  // The model came back with the key given at import (read masked), and its agent uses it.
  const models = await apiAs<{ id: string; name: string; apikey: string | null }[]>(page.request, 'GET', '/ai-models');
  const imported = models.find((m) => m.name === modelName)!;
  expect(imported.apikey).toMatch(/\*/);
  const usage = await page.request.get(`/api/ai-models/${imported.id}/usage`, { headers: CONSOLE });
  expect((await usage.json()).data.items.map((i: { name: string }) => i.name)).toEqual([agentName]);
});
