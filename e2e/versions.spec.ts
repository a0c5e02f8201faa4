// Versions (issue 10, decision 013), end to end: a change shows in the History tab's diff, and
// Restore (after a confirmation) brings the old value back as a new version; a squad's old
// version opens read-only on the canvas. axe at 1280 and 390 px; nothing scrolls sideways.
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { agentBody, apiAs, expectAccessible, snap, unique } from './fixtures';

type Json = Record<string, unknown>;

async function newModel(page: Page): Promise<string> {
  const model = await apiAs<{ id: string }>(page.request, 'POST', '/ai-models', {
    model: { name: unique('Versions model'), sectors: [], description: 'For versions', enabled: true, provider: 'meta', model: 'llama-3.1-8b' },
  });
  return model.id;
}

const agentFields = (model: string, overrides: Json = {}): Json =>
  agentBody(model, { name: unique('Versioned agent'), temperature: 0.2, role: 'Answers questions', objective: 'Old objective', ...overrides });

async function checkPhone(page: Page, testInfo: TestInfo, label: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('versions-diff')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, testInfo, `${label}-390`);
  await snap(page, testInfo, `${label}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function restoreFromTimeline(page: Page, n: number) {
  await page.getByRole('button', { name: `Restore version ${n}` }).click();
  const dialog = page.getByRole('dialog', { name: `Restore version ${n}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(`Restored version ${n}`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('agent: an edit shows in the History diff, and Restore brings the old value back', async ({ page }, testInfo) => {
  const model = await newModel(page);
  const fields = agentFields(model);
  const { id } = await apiAs<{ id: string }>(page.request, 'POST', '/agents', fields);
  await apiAs(page.request, 'PUT', `/agents/${id}`, { ...fields, objective: 'New objective' });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/agents/${id}`);
  await expect(page.getByText('New objective')).toBeVisible();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page).toHaveURL(/\?tab=history$/);

  const diff = page.getByTestId('versions-diff');
  const row = diff.getByRole('row', { name: /objective/ });
  await expect(row.getByRole('cell').nth(0)).toContainText('Old objective');
  await expect(row.getByRole('cell').nth(1)).toContainText('New objective');
  await expect(page.getByTestId('versions-timeline').getByRole('listitem')).toHaveCount(2);
  await expectAccessible(page, testInfo, 'agent-history');
  await snap(page, testInfo, 'agent-history');
  await checkPhone(page, testInfo, 'agent-history');

  await restoreFromTimeline(page, 1);
  const timeline = page.getByTestId('versions-timeline');
  await expect(timeline.getByRole('listitem')).toHaveCount(3);
  await expect(timeline.getByRole('listitem').first()).toContainText('restored');
  // The diff now compares v2 with the restored v3: the objective goes back.
  await expect(diff.getByRole('row', { name: /objective/ }).getByRole('cell').nth(1)).toContainText('Old objective');

  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').getByText('Old objective', { exact: true })).toBeVisible();
  const stored = await apiAs<{ Agent: { objective: string } }>(page.request, 'GET', `/agents/${id}`);
  expect(stored.Agent.objective).toBe('Old objective');
});

test('squad: a task rename shows in the diff, the old version opens read-only, and Restore brings it back', async ({ page }, testInfo) => {
  const model = await newModel(page);
  const [a1, a2] = await Promise.all([
    apiAs<{ id: string }>(page.request, 'POST', '/agents', agentFields(model)),
    apiAs<{ id: string }>(page.request, 'POST', '/agents', agentFields(model)),
  ]);
  const task = (id: string, agent: string, x: number, dependsOn: string[] = []) => ({
    id,
    agent,
    name: `Task ${id}`,
    objective: `Do ${id}`,
    dependsOn,
    coordinates: { x, y: 0, width: 220, height: 90 },
  });
  const squad = { name: unique('Versioned squad'), tasks: [task('a', a1.id, 0), task('b', a2.id, 300, ['a'])], order: 'sequential', enabled: true, do_plan: false, sectors: [], publisher: 'e2e' };
  const { id } = await apiAs<{ id: string }>(page.request, 'POST', '/squads', { squad });
  await apiAs(page.request, 'PUT', `/squads/${id}`, { squad: { ...squad, tasks: [{ ...squad.tasks[0], name: 'Collect sources' }, squad.tasks[1]] } });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/squads/${id}?tab=history`);
  const diff = page.getByTestId('versions-diff');
  await expect(diff).toContainText('Task renamed "Task a" → "Collect sources"');
  await expectAccessible(page, testInfo, 'squad-history');
  await snap(page, testInfo, 'squad-history');
  await checkPhone(page, testInfo, 'squad-history');

  // Version 1 on the canvas, read-only.
  await page.getByRole('link', { name: 'Open on canvas: version 1, read-only' }).click();
  await expect(page.getByTestId('readonly-banner')).toBeVisible();
  await expect(page.getByRole('heading', { name: /version 1/ })).toBeVisible();
  const canvas = page.getByTestId('designer-canvas');
  await expect(canvas.getByText('Task a', { exact: true })).toBeVisible();
  await expect(canvas.getByText('Collect sources')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expectAccessible(page, testInfo, 'squad-version-canvas');
  await snap(page, testInfo, 'squad-version-canvas');
  await page.getByRole('link', { name: /History of/ }).click();
  await expect(page.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');

  await restoreFromTimeline(page, 1);
  await expect(page.getByTestId('versions-timeline').getByRole('listitem').first()).toContainText('restored');
  await expect(diff).toContainText('Task renamed "Collect sources" → "Task a"');
  const stored = await apiAs<{ version: number; tasks: { name: string }[] }>(page.request, 'GET', `/squads/${id}`);
  expect(stored.version).toBe(3);
  expect(stored.tasks.map((t) => t.name)).toEqual(['Task a', 'Task b']);
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page.getByRole('tabpanel').getByText('Task a', { exact: true }).first()).toBeVisible();
});
