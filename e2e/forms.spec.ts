// The form kit and references, end to end: a refused submit puts the focus on the error
// summary, which lists the invalid fields as links that lead to them; a label is plain words with
// the API's name beside it; an agent's model, tools and knowledge bases are links to their pages.
import { expect, test } from '@playwright/test';
import { apiAs, expectAccessible, snap, unique, agentBody } from './fixtures';

test('error summary: lists the invalid fields, takes the focus, and its links lead to the fields', async ({ page }, testInfo) => {
  await page.goto('/knowledge-bases/new');
  await expect(page.getByRole('heading', { name: 'New knowledge base' })).toBeVisible();
  // Plain-words label; the API name is a hint beside it, not part of the field's name.
  const nameField = page.getByLabel('Name', { exact: true });
  await expect(nameField).toBeVisible();
  await expect(page.locator('.field-label', { has: page.locator('label[for="name"]') }).locator('code.field-api')).toHaveText('name');

  await page.getByRole('button', { name: 'Create knowledge base' }).click();
  const summary = page.getByTestId('error-summary');
  await expect(summary).toHaveRole('alert');
  await expect(summary).toContainText('Please correct these fields');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText(['Name', 'Description', 'Content']);
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await expect(nameField).toHaveAttribute('aria-describedby', /name-error/);
  await expectAccessible(page, testInfo, 'form-error-summary');
  await snap(page, testInfo, 'form-error-summary');

  await summary.getByRole('link', { name: 'Description' }).click();
  await expect(page.getByLabel('Description')).toBeFocused();
  await expect(page).toHaveURL(/\/knowledge-bases\/new$/);

  // Fixing a field takes it off the list; the summary only moves the focus on a new submit.
  await nameField.fill(unique('Summary check'));
  await page.getByLabel('Description').fill('Checks the summary.');
  await expect(summary.getByRole('link')).toHaveText(['Content']);
  await expect(summary).toContainText('Please correct this field');
  await expect(page.getByLabel('Description')).toBeFocused();
});

test('agent detail: the model, tools and knowledge bases are links to their pages', async ({ page }, testInfo) => {
  const modelName = unique('Linked model');
  const toolName = unique('Linked tool');
  const kbName = unique('Linked knowledge');
  const model = await apiAs<{ id: string }>(page.request, 'POST', '/ai-models', {
    model: { name: modelName, sectors: [], description: 'Self-hosted', enabled: true, provider: 'meta', model: 'llama-3.1-8b' },
  });
  const tool = await apiAs<{ id: string }>(page.request, 'POST', '/tools', {
    tool: { name: toolName, description: 'Looks things up', sectors: [], publisher: 'e2e', enabled: true, environments: [] },
  });
  const kb = await apiAs<{ id: string }>(page.request, 'POST', '/knowledge-bases', {
    knowledgeBase: { name: kbName, description: 'Facts', enabled: true, sectors: [], content: 'Some facts.', type: 'text', multimodal: false, tags: [] },
  });
  const agent = await apiAs<{ id: string }>(page.request, 'POST', '/agents',
    agentBody(model.id, { name: unique('Linked agent'), role: 'Links things', objective: 'Show references', tools: [tool.id], knowledgeBases: [kb.id] }),
  );

  await page.goto(`/agents/${agent.id}`);
  const overview = page.getByRole('region', { name: 'Overview' });
  const modelLink = overview.getByRole('link', { name: modelName });
  await expect(modelLink).toHaveAttribute('href', `/ai-models/${model.id}`);
  await expect(overview.getByRole('list', { name: 'Tools' }).getByRole('link', { name: toolName })).toHaveAttribute('href', `/tools/${tool.id}`);
  await expect(overview.getByRole('list', { name: 'Knowledge bases' }).getByRole('link', { name: kbName })).toHaveAttribute('href', `/knowledge-bases/${kb.id}`);
  await expectAccessible(page, testInfo, 'agent-detail-links');
  await snap(page, testInfo, 'agent-detail-links');

  await overview.getByRole('link', { name: toolName }).click();
  await expect(page).toHaveURL(new RegExp(`/tools/${tool.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(toolName);
  await page.goBack();
  await overview.getByRole('link', { name: modelName }).click();
  await expect(page).toHaveURL(new RegExp(`/ai-models/${model.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(modelName);
});
