// Squads, end to end: create (with a validation error on a field) → the detail page sends the
// person to the designer → appears in the list → edit the properties of a squad that has tasks
// (tasks and the planner's place come back unchanged; a concurrent change is a 409 offered for
// reload) → enable/disable inline → delete. The agents and the squad with tasks are made
// through the API first, as the signed-in person.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, agentBody, apiAs, expectAccessible, snap, unique } from './fixtures';

type Squad = {
  id: string;
  name: string;
  version: number;
  enabled: boolean;
  order: string;
  do_plan: boolean;
  sectors: string[];
  tasks: unknown[];
  planningAgent: { id: string; coordinates?: unknown } | null;
  supervisor: { id: string; coordinates?: unknown } | null;
};

async function makeAgents(page: Page) {
  const model = await apiAs<{ id: string }>(page.request, 'POST', '/ai-models', {
    model: { name: unique('Squad model'), sectors: [], description: 'For squads', enabled: true, provider: 'meta', model: 'llama-3.1-8b' },
  });
  const agent = (name: string) =>
    apiAs<{ id: string }>(page.request, 'POST', '/agents', agentBody(model.id, { name, temperature: 0.5, role: 'Works in a squad', objective: 'Do the task' }));
  const plannerName = unique('Planner');
  const workerName = unique('Worker');
  const [planner, worker] = await Promise.all([agent(plannerName), agent(workerName)]);
  return { planner: planner.id, plannerName, worker: worker.id, workerName };
}

async function pick(page: Page, label: string, search: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: new RegExp(search) }).click();
}

const getSquad = (page: Page, id: string) => apiAs<Squad>(page.request, 'GET', `/squads/${id}`);

test('squads: create, list, edit keeping the tasks, toggle, delete', async ({ page }, testInfo) => {
  const ids = await makeAgents(page);
  const name = unique('Onboarding crew');

  // ---- Create, with the form refusing an empty name on its field.
  await page.goto('/squads/new');
  await expect(page.getByRole('heading', { name: 'New squad' })).toBeVisible();
  await expect(page.getByLabel('Publisher')).toHaveValue(ADMIN.name);
  await page.getByRole('button', { name: 'Create squad' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#name-error')).toHaveText('Must not be empty');
  await expect(page.getByRole('alert').filter({ hasText: 'Please correct this field' })).toBeVisible();
  await snap(page, testInfo, 'squad-new-validation');

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('radio', { name: /Hierarchical/ }).check();
  await page.getByRole('switch', { name: 'Plan first' }).click();
  const sectors = page.getByLabel('Sectors');
  await sectors.fill('onboarding');
  await sectors.press('Enter');
  await pick(page, 'Planning agent', ids.plannerName);
  await pick(page, 'Supervisor', ids.workerName);
  await expect(page.locator('#name-error')).toHaveCount(0);
  await expectAccessible(page, testInfo, 'squad-new');
  await snap(page, testInfo, 'squad-new');
  await page.getByRole('button', { name: 'Create squad' }).click();

  // ---- The detail page: no tasks yet, so the designer is the next step.
  await expect(page).toHaveURL(/\/squads\/(?!new$)[^/]+$/);
  await expect(page.getByText(`Squad “${name}” created`)).toBeVisible();
  const createdId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(page.getByRole('heading', { name: 'Open the designer to add tasks' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the designer', exact: true })).toHaveAttribute('href', `/squads/${createdId}/designer`);
  const properties = page.getByRole('region', { name: 'Properties' });
  await expect(properties).toContainText('Hierarchical');
  await expect(properties).toContainText(ids.plannerName);
  await expect(properties).toContainText(ids.workerName);
  await expect(page.getByRole('region', { name: 'Recent changes' })).toContainText(`created squad by ${ADMIN.name}`);
  expect(await getSquad(page, createdId)).toMatchObject({
    name,
    order: 'hierarchical',
    do_plan: true,
    enabled: true,
    sectors: ['onboarding'],
    tasks: [],
    planningAgent: { id: ids.planner },
    supervisor: { id: ids.worker },
  });

  // ---- Appears in the list; search and the sector filter narrow it.
  await page.getByRole('link', { name: 'Squads', exact: true }).click();
  // Lists are sorted by name and paged: other specs' rows may come first, so look it up by name.
  await page.getByLabel('Search squads').fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Hierarchical');
  await page.getByLabel('Search squads').fill('no squad is called this');
  await expect(page.getByText('No squad matches')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('Sector').selectOption('onboarding');
  await page.getByLabel('Search squads').fill(name);
  await expect(row).toBeVisible();
  await expect(page).toHaveURL(/sector=onboarding/);
  await snap(page, testInfo, 'squads-list');

  // ---- Toggle inline: disabled at once, and so on the server.
  const toggle = row.getByRole('switch', { name: `Enabled: ${name}` });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText(`“${name}” disabled`)).toBeVisible();
  expect((await getSquad(page, createdId)).enabled).toBe(false);

  // ---- Delete from the list, after confirming.
  await row.getByRole('button', { name: `Delete squad ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete squad “${name}”?` });
  await dialog.getByRole('button', { name: 'Delete squad' }).click();
  await expect(page.getByText(`Deleted squad “${name}”`)).toBeVisible();
  await expect(row).toHaveCount(0);
  const gone = await page.request.get(`/api/squads/${createdId}`, { headers: { 'x-requested-with': 'console' } });
  expect(gone.status()).toBe(404);

  // ---- Edit a squad that has tasks: only the properties change.
  const box = (x: number, y: number) => ({ x, y, width: 220, height: 90 });
  const tasks = [
    { id: 'welcome', agent: ids.worker, name: 'Welcome', objective: 'Greet the new customer', dependsOn: [], coordinates: box(40, 60) },
    { id: 'setup', agent: ids.planner, name: 'Set up account', objective: 'Create the account', dependsOn: ['welcome'], coordinates: box(340, 60) },
  ];
  const designedName = unique('Designed crew');
  const designed = await apiAs<{ id: string }>(page.request, 'POST', '/squads', {
    squad: {
      name: designedName,
      order: 'sequential',
      enabled: true,
      do_plan: true,
      sectors: ['sales'],
      publisher: 'e2e',
      tasks,
      planningAgent: { id: ids.planner, coordinates: box(40, -120) },
      supervisor: null,
    },
  });
  const before = await getSquad(page, designed.id);

  await page.goto(`/squads/${designed.id}`);
  const taskTable = page.getByRole('table', { name: `Tasks of ${designedName}` });
  await expect(taskTable.getByRole('row')).toHaveCount(3);
  await expect(taskTable.getByRole('row').nth(1)).toContainText('Welcome');
  await expect(taskTable.getByRole('row').nth(2)).toContainText('Set up account');
  await expect(taskTable.getByRole('row').nth(2)).toContainText(ids.plannerName);
  await expect(taskTable.getByRole('row').nth(2)).toContainText('1. Welcome');
  await expect(page.getByRole('link', { name: 'Open designer' })).toHaveAttribute('href', `/squads/${designed.id}/designer`);
  await expectAccessible(page, testInfo, 'squad-detail');
  await snap(page, testInfo, 'squad-detail');

  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { name: `Edit “${designedName}”` })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Sequential/ })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Planning agent' })).toHaveValue(ids.plannerName);

  // Someone else saves meanwhile: the save is refused and the person may reload.
  await apiAs(page.request, 'PUT', `/squads/${designed.id}`, { squad: { ...before, sectors: ['sales', 'vip'] } });
  const renamed = `${designedName} v2`;
  await page.getByLabel('Name', { exact: true }).fill(renamed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  const conflict = page.getByRole('alert').filter({ hasText: 'Someone else changed this squad' });
  await expect(conflict).toBeVisible();
  await expectAccessible(page, testInfo, 'squad-edit-conflict');
  await snap(page, testInfo, 'squad-edit-conflict');
  await conflict.getByRole('button', { name: 'Reload the squad' }).click();
  await expect(conflict).toBeHidden();
  await expect(page.getByRole('button', { name: 'Remove sector vip' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(designedName);

  await page.getByLabel('Name', { exact: true }).fill(renamed);
  await page.getByRole('switch', { name: 'Plan first' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/squads/${designed.id}$`));
  await expect(page.getByText(`Squad “${renamed}” saved`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(renamed);

  const after = await getSquad(page, designed.id);
  expect(after).toMatchObject({ name: renamed, do_plan: false, sectors: ['sales', 'vip'], supervisor: null });
  expect(after.tasks).toEqual(before.tasks);
  expect(after.planningAgent).toEqual(before.planningAgent);
  expect(after.version).toBe(before.version + 2);

  // ---- Delete from the detail page.
  await page.getByRole('button', { name: `Delete squad ${renamed}` }).click();
  await page.getByRole('dialog', { name: `Delete squad “${renamed}”?` }).getByRole('button', { name: 'Delete squad' }).click();
  await expect(page).toHaveURL(/\/squads$/);
  await expect(page.getByText(`Deleted squad “${renamed}”`)).toBeVisible();
});
