// Agents, end to end: create (with a validation error on a field) → appears in the list →
// edit (with the server's refusal landing on its field) → enable/disable → delete (refused
// while a squad uses the agent, then done). The model, tool and knowledge base the agent picks
// are made through the API first, as the signed-in person.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiAs, checkListFilters, deleteFromDetail, expectAccessible, snap, squadBody, switchOffInRow, unique } from './fixtures';

type Ids = { model: string; modelName: string; tool: string; toolName: string; spareTool: string; spareToolName: string; kb: string; kbName: string };

async function makeResources(page: Page): Promise<Ids> {
  const modelName = unique('Llama house model');
  const toolName = unique('Ticket lookup');
  const kbName = unique('Refund policy');
  const model = await apiAs<{ id: string }>(page.request, 'POST', '/ai-models', {
    model: { name: modelName, sectors: ['support'], description: 'Self-hosted model', enabled: true, provider: 'meta', model: 'llama-3.1-70b' },
  });
  const tool = await apiAs<{ id: string }>(page.request, 'POST', '/tools', {
    tool: { name: toolName, description: 'Finds a support ticket', sectors: ['support'], publisher: 'e2e', enabled: true, environments: ['production'] },
  });
  const spareToolName = unique('Spare tool');
  const spareTool = await apiAs<{ id: string }>(page.request, 'POST', '/tools', {
    tool: { name: spareToolName, description: 'Picked, then deleted', sectors: [], publisher: 'e2e', enabled: true, environments: [] },
  });
  const kb = await apiAs<{ id: string }>(page.request, 'POST', '/knowledge-bases', {
    knowledgeBase: { name: kbName, description: 'When we refund', enabled: true, sectors: ['support'], content: 'Refunds within 30 days.', type: 'text', multimodal: false, tags: [] },
  });
  return { model: model.id, modelName, tool: tool.id, toolName, spareTool: spareTool.id, spareToolName, kb: kb.id, kbName };
}

async function pick(page: Page, label: string, search: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: new RegExp(search) }).click();
  await box.press('Escape');
}

test('agents: create, list, edit, toggle, delete', async ({ page }, testInfo) => {
  const ids = await makeResources(page);
  const name = unique('Support triage');

  // ---- Create, with the form refusing an incomplete agent field by field.
  await page.goto('/agents/new');
  await expect(page.getByRole('heading', { name: 'New agent' })).toBeVisible();
  await expect(page.getByLabel('Publisher')).toHaveValue(ADMIN.name);
  await expectAccessible(page, testInfo, 'agent-new');
  await page.getByRole('button', { name: 'Create agent' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#name-error')).toHaveText('Must not be empty');
  await expect(page.locator('#model-error')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Please correct these fields' })).toBeVisible();
  await snap(page, testInfo, 'agent-new-validation');

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Role').fill('Reads incoming tickets and routes them.');
  await page.getByLabel('Objective').fill('Every ticket reaches the right team within a minute.');
  await page.getByLabel('References').fill('Routing table v3.');
  const sectors = page.getByLabel('Sectors');
  await sectors.fill('support');
  await sectors.press('Enter');
  await sectors.fill('sales,');
  await expect(page.getByRole('button', { name: 'Remove sector sales' })).toBeVisible();
  await pick(page, 'AI model', ids.modelName);
  await page.getByLabel('Temperature').fill('0.3');
  await expect(page.locator('output[for="temperature"]')).toHaveText('0.30');
  await page.getByRole('switch', { name: 'Reasoning' }).click();
  await expect(page.getByRole('switch', { name: 'Reasoning' })).toHaveAttribute('aria-checked', 'true');
  await pick(page, 'Tools', ids.toolName);
  // Keyboard only: type to search, Enter picks; Space flips a switch.
  const kbBox = page.getByRole('combobox', { name: 'Knowledge bases' });
  await kbBox.focus();
  await kbBox.pressSequentially(ids.kbName.slice(0, 10));
  await expect(kbBox).toHaveAttribute('aria-expanded', 'true');
  await kbBox.press('Enter');
  await kbBox.press('Escape');
  await expect(page.getByRole('button', { name: `Remove ${ids.kbName}` })).toBeVisible();
  await page.getByRole('switch', { name: 'Multimodal' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('switch', { name: 'Multimodal' })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Space');
  await expect(page.getByRole('switch', { name: 'Multimodal' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.locator('#name-error')).toHaveCount(0);
  await snap(page, testInfo, 'agent-new');
  await page.getByRole('button', { name: 'Create agent' }).click();

  await expect(page).toHaveURL(/\/agents\/(?!new$)[^/]+$/);
  await expect(page.getByText(`Agent “${name}” created`)).toBeVisible();
  const agentId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  const overview = page.getByRole('region', { name: 'Overview' });
  await expect(overview).toContainText(ids.modelName);
  await expect(overview).toContainText(ids.toolName);
  await expect(overview).toContainText(ids.kbName);
  await expect(overview).toContainText('0.30');
  await expect(page.getByRole('region', { name: 'Recent changes' })).toContainText(`created agent by ${ADMIN.name}`);
  await expectAccessible(page, testInfo, 'agent-detail');
  await snap(page, testInfo, 'agent-detail');

  const stored = await apiAs<{ Agent: Record<string, unknown> }>(page.request, 'GET', `/agents/${agentId}`);
  expect(stored.Agent).toMatchObject({ name, model: ids.model, temperature: 0.3, reasoning: true, 'can.delegate': false, sectors: ['support', 'sales'], tools: [ids.tool], knowledgeBases: [ids.kb] });

  // ---- Appears in the list; search and filters narrow it.
  await page.getByRole('link', { name: 'Agents', exact: true }).click();
  // Lists are sorted by name and paged: other specs' rows may come first, so look it up by name.
  await page.getByLabel('Search agents').fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(ids.modelName);
  await checkListFilters(page, row, { search: 'Search agents', noun: 'agent', name, sector: 'sales' });
  await expect(page).toHaveURL(/sector=sales/);
  await expectAccessible(page, testInfo, 'agents-list');
  await snap(page, testInfo, 'agents-list');

  // ---- Toggle inline: disabled at once, and so on the server.
  await expect(row.getByRole('switch', { name: `Enabled: ${name}` })).toHaveAttribute('aria-checked', 'true');
  await switchOffInRow(page, row, name);
  expect((await apiAs<{ Agent: { enabled: boolean } }>(page.request, 'GET', `/agents/${agentId}`)).Agent.enabled).toBe(false);
  await page.getByLabel('Status').selectOption('enabled');
  await expect(row).toHaveCount(0);
  await page.getByLabel('Status').selectOption('disabled');
  await expect(row).toBeVisible();

  // ---- Edit: the server's refusal lands on its field (a tool picked, then deleted meanwhile).
  await row.getByRole('link', { name: `Edit agent ${name}` }).click();
  await expect(page.getByRole('heading', { name: `Edit “${name}”` })).toBeVisible();
  await expect(page.getByLabel('Temperature')).toHaveValue('0.3');
  await pick(page, 'Tools', ids.spareToolName);
  await apiAs(page.request, 'DELETE', `/tools/${ids.spareTool}`);
  const renamed = `${name} v2`;
  await page.getByLabel('Name', { exact: true }).fill(renamed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('#tools-error')).toHaveText(`No tool with id "${ids.spareTool}"`);
  await expect(page.getByRole('combobox', { name: 'Tools' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('combobox', { name: 'Tools' })).toBeFocused();
  await expectAccessible(page, testInfo, 'agent-edit');
  await snap(page, testInfo, 'agent-edit-server-error');
  await page.getByRole('button', { name: new RegExp(`^Remove (${ids.spareToolName}|${ids.spareTool})$`) }).click();
  await page.getByRole('switch', { name: 'Can delegate' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${agentId}$`));
  await expect(page.getByText(`Agent “${renamed}” saved`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(renamed);
  expect((await apiAs<{ Agent: Record<string, unknown> }>(page.request, 'GET', `/agents/${agentId}`)).Agent).toMatchObject({ name: renamed, tools: [ids.tool], 'can.delegate': true, enabled: false });

  // ---- Delete: unavailable while a squad uses the agent, the squad shown; then done.
  const squadName = unique('Front desk');
  const squad = await apiAs<{ id: string }>(page.request, 'POST', '/squads', squadBody(squadName, [{ id: 't1', agent: agentId, name: 'Triage', objective: 'Route it', dependsOn: [], coordinates: { x: 0, y: 0, width: 200, height: 80 } }]));
  await page.getByRole('button', { name: `Delete agent ${renamed}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete agent “${renamed}”?` });
  // Where used (issue 10): the dialog lists the squad (and the task the agent runs) as a link; the delete waits.
  const uses = dialog.getByRole('list', { name: /^What uses/ });
  await expect(uses.getByRole('link', { name: squadName })).toHaveAttribute('href', `/squads/${squad.id}`);
  await expect(uses).toContainText('task Triage');
  await expect(dialog.getByRole('button', { name: 'Delete agent' })).toBeDisabled();
  await expectAccessible(page, testInfo, 'agent-delete-refused');
  await snap(page, testInfo, 'agent-delete-refused');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await apiAs(page.request, 'DELETE', `/squads/${squad.id}`);
  await deleteFromDetail(page, { path: '/agents', noun: 'agent', name: renamed, id: agentId });
});
