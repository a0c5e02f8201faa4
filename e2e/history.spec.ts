// History, end to end: changes made through the API (as the signed-in person) show on the
// agents', squads' and AI models' timelines with who, what, when and the kind; the filters
// narrow them (and live in the URL); a deleted resource is named by its id; the model history
// pages through the API's cursor with "Load more".
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, agentBody, apiAs, expectAccessible, snap, unique } from './fixtures';

const CONSOLE = { 'x-requested-with': 'console' };

const entries = (page: Page) => page.getByTestId('history-entry');

test('history: agents, squads and AI models timelines with filters and paging', async ({ page }, testInfo) => {
  // ---- A model with 12 records (created, then 11 updates): more than a page of 5.
  const modelName = unique('History model');
  const model = await apiAs<{ id: string }>(page.request, 'POST', '/ai-models', {
    model: { name: modelName, sectors: [], description: 'v1', enabled: true, provider: 'mistral', model: 'mistral-small' },
  });
  for (let i = 2; i <= 12; i++) await apiAs(page.request, 'PUT', `/ai-models/${model.id}`, { model: { description: `v${i}` } });

  // ---- An agent created, updated, disabled; another created then deleted.
  const historyAgent = (name: string) => agentBody(model.id, { name, temperature: 0.4, role: 'Has a history', objective: 'Be changed' });
  const agentName = unique('History agent');
  const agent = await apiAs<{ id: string }>(page.request, 'POST', '/agents', historyAgent(agentName));
  await apiAs(page.request, 'PUT', `/agents/${agent.id}`, { ...historyAgent(agentName), temperature: 0.6 });
  await apiAs(page.request, 'PUT', `/agents/${agent.id}/enable`, { enabled: false });
  const goneName = unique('Short-lived agent');
  const gone = await apiAs<{ id: string }>(page.request, 'POST', '/agents', historyAgent(goneName));
  await apiAs(page.request, 'DELETE', `/agents/${gone.id}`);

  // ---- A squad created (success), disabled (neutral), and a refused change (fail).
  const squadName = unique('History squad');
  const squadBody = { name: squadName, order: 'sequential', enabled: true, do_plan: false, sectors: [], publisher: 'e2e', tasks: [] };
  const squad = await apiAs<{ id: string }>(page.request, 'POST', '/squads', { squad: squadBody });
  await apiAs(page.request, 'PUT', `/squads/${squad.id}/enable`, { enabled: false });
  const refused = await page.request.put(`/api/squads/${squad.id}`, { headers: CONSOLE, data: { squad: { ...squadBody, name: '' } } });
  expect(refused.status()).toBe(400);

  // ---- Agents: /history opens on them; who, what (with the current name), when.
  await page.goto('/history');
  await expect(page).toHaveURL(/\/history\/agents$/);
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Agents', exact: true }).last()).toHaveAttribute('aria-current', 'page');
  const timeline = page.getByRole('list', { name: 'Agent history' });
  const agentEntries = entries(page).filter({ hasText: agentName });
  await expect(agentEntries).toHaveCount(3);
  await expect(agentEntries.first()).toContainText(ADMIN.name);
  await expect(agentEntries.first()).toContainText('disabled agent');
  await expect(agentEntries.first().getByRole('link', { name: agentName })).toHaveAttribute('href', `/agents/${agent.id}`);
  await expect(agentEntries.first().locator('time')).toHaveText(/just now|seconds? ago|minute/);
  await expect(agentEntries.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  // A deleted agent is named by its id, marked deleted.
  const goneEntries = entries(page).filter({ hasText: gone.id });
  await expect(goneEntries).toHaveCount(2);
  await expect(goneEntries.first()).toContainText('deleted agent');
  await expect(goneEntries.first().getByText('deleted', { exact: true })).toBeVisible();
  await expectAccessible(page, testInfo, 'history-agents');
  await snap(page, testInfo, 'history-agents');

  // Filters: the agent (in the URL as ?agentId=), then a text in the action.
  await page.getByLabel('Agent', { exact: true }).selectOption({ label: agentName });
  await expect(page).toHaveURL(new RegExp(`agentId=${agent.id}`));
  await expect(entries(page)).toHaveCount(3);
  await page.getByLabel('Action contains').fill('updated');
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText('updated agent');
  await page.getByLabel('Action contains').fill('nothing like this');
  await expect(page.getByText('No record matches')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(timeline).toBeVisible();
  await expect(page).toHaveURL(/\/history\/agents$/);

  // ---- Squads: the kinds as badges; filter by kind and by who.
  await page.getByRole('navigation', { name: 'History sections' }).getByRole('link', { name: 'Squads' }).click();
  await expect(page).toHaveURL(/\/history\/squads$/);
  const squadEntries = entries(page).filter({ hasText: squadName });
  await expect(squadEntries).toHaveCount(3);
  await expect(squadEntries.nth(0)).toContainText('fail');
  await expect(squadEntries.nth(0)).toContainText('update refused');
  await expect(squadEntries.nth(1)).toContainText('neutral');
  await expect(squadEntries.nth(1)).toContainText('disabled squad');
  await expect(squadEntries.nth(2)).toContainText('success');
  await expect(squadEntries.nth(2)).toContainText('created squad');
  await page.getByLabel('Kind').selectOption('fail');
  await expect(page).toHaveURL(/kind=fail/);
  await expect(entries(page).filter({ hasText: squadName })).toHaveCount(1);
  await page.getByLabel('Who').selectOption({ label: ADMIN.name });
  await expect(entries(page).filter({ hasText: squadName })).toHaveCount(1);
  await expectAccessible(page, testInfo, 'history-squads');
  await snap(page, testInfo, 'history-squads');
  // The squad's own history, as its detail page links to it.
  await page.goto(`/history/squads?squadId=${squad.id}`);
  await expect(entries(page)).toHaveCount(3);

  // ---- AI models: one model's history, 5 per page, "Load more" until the end.
  await page.goto(`/history/models?modelId=${model.id}&limit=5`);
  await expect(entries(page)).toHaveCount(5);
  await expect(entries(page).first()).toContainText('v12');
  await expect(entries(page).first()).toContainText('updated model');
  await expect(entries(page).first()).toContainText(modelName);
  await expect(entries(page).first()).toContainText('success');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(entries(page)).toHaveCount(10);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(entries(page)).toHaveCount(12);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(page.getByText('End of the history')).toBeVisible();
  await expect(entries(page).last()).toContainText('created model');
  await expect(entries(page).last()).toContainText('v1');
  await expectAccessible(page, testInfo, 'history-models');
  await snap(page, testInfo, 'history-models');

  // The API's sorting: oldest first.
  await page.getByLabel('Order').selectOption('asc');
  await expect(page).toHaveURL(/direction=asc/);
  await expect(entries(page).first()).toContainText('created model');
  await expect(entries(page)).toHaveCount(5);

  // Every model: the same records among the others, paged too.
  await page.goto('/history/models?limit=5');
  await expect(entries(page)).toHaveCount(5);
  await expect(entries(page).first()).toContainText(modelName);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(entries(page)).toHaveCount(10);
});
