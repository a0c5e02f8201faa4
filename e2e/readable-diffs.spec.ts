// Diffs a person can read (issue 23, decision 055): in the History tab and in the restore
// confirmation, references show names linking to the resource ("(deleted)" once gone), fields
// carry the form's labels with the API name as a hint, and long text shows the words removed
// (<del>) and added (<ins>). An agent and a squad.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { agentBody, apiAs, unique } from './fixtures';

type Named = { id: string; name: string };

const post = async (page: Page, url: string, body: unknown, name: string): Promise<Named> => ({ id: (await apiAs<{ id: string }>(page.request, 'POST', url, body)).id, name });

async function model(page: Page): Promise<Named> {
  const name = unique('Diff model');
  return post(page, '/ai-models', { model: { name, sectors: [], description: 'For diffs', enabled: true, provider: 'meta', model: 'llama-3.1-8b' } }, name);
}
async function tool(page: Page): Promise<Named> {
  const name = unique('Diff tool');
  return post(page, '/tools', { tool: { name, description: 'For diffs', sectors: [], publisher: 'e2e', enabled: true, environments: [], mcp: { url: 'https://mcp.example.com/sse', transport: 'sse' } } }, name);
}
async function kb(page: Page): Promise<Named> {
  const name = unique('Diff base');
  return post(page, '/knowledge-bases', { knowledgeBase: { name, description: 'For diffs', enabled: true, sectors: [], content: 'Text', type: 'text', multimodal: false, tags: [] } }, name);
}

/** The diff's row for a field, found by its API name (shown as the hint under the label). */
const row = (diff: Locator, api: string) => diff.locator(`tr[data-field="${api}"]`);

/** The text of every <del> or <ins> in `scope`, joined. */
const marked = async (scope: Locator, tag: 'del' | 'ins') => (await scope.locator(tag).allTextContents()).join('|');

async function expectLink(cell: Locator, kind: string, target: Named) {
  const link = cell.getByRole('link', { name: target.name });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', `/${kind}/${target.id}`);
}

const OLD_OBJECTIVE = 'Answer every customer question about invoices politely and quickly, citing the handbook where it helps.';
const NEW_OBJECTIVE = 'Answer every customer question about invoices and refunds politely, citing the handbook where it helps.';

test('agent: references by name with links or (deleted), form labels with API names, a word diff — in History and in the restore confirmation', async ({ page }) => {
  const [m1, m2, t1, t2, k1, k2] = [await model(page), await model(page), await tool(page), await tool(page), await kb(page), await kb(page)];
  const fields = agentBody(m1.id, { name: unique('Diff agent'), objective: OLD_OBJECTIVE, tools: [t1.id], knowledgeBases: [k1.id] });
  const { id } = await apiAs<{ id: string }>(page.request, 'POST', '/agents', fields);
  await apiAs(page.request, 'PUT', `/agents/${id}`, { ...fields, model: m2.id, objective: NEW_OBJECTIVE, tools: [t1.id, t2.id], knowledgeBases: [k2.id], 'can.delegate': true });
  // k1 is no longer used by anyone: deleting it leaves version 1 naming a deleted base.
  await apiAs(page.request, 'DELETE', `/knowledge-bases/${k1.id}`);

  await page.goto(`/agents/${id}?tab=history`);
  const diff = page.getByTestId('versions-diff');
  await expect(diff).toBeVisible();
  // No raw ids anywhere in the diff.
  for (const ref of [m1, m2, t1, t2, k2]) await expect(diff).not.toContainText(ref.id);

  const modelRow = row(diff, 'model');
  await expect(modelRow.getByRole('rowheader')).toContainText('AI model');
  await expectLink(modelRow.getByRole('cell').nth(0), 'ai-models', m1);
  await expectLink(modelRow.getByRole('cell').nth(1), 'ai-models', m2);

  const toolsRow = row(diff, 'tools');
  await expect(toolsRow.getByRole('rowheader')).toContainText('Tools');
  await expectLink(toolsRow.getByRole('cell').nth(1), 'tools', t2);
  // The tool added is marked as inserted (underlined and announced), the kept one is not.
  await expect(toolsRow.locator('ins')).toContainText(t2.name);
  await expect(toolsRow.locator('ins')).toContainText('added:');
  await expect(toolsRow.locator('ins')).not.toContainText(t1.name);

  const kbRow = row(diff, 'knowledgeBases');
  await expect(kbRow.getByRole('rowheader')).toContainText('Knowledge bases');
  const before = kbRow.getByRole('cell').nth(0);
  await expect(before).toContainText(`${k1.name} (deleted)`);
  await expect(before.getByRole('link')).toHaveCount(0);
  await expect(before.locator('del')).toContainText('removed:');
  await expectLink(kbRow.getByRole('cell').nth(1), 'knowledge-bases', k2);

  // The form's label, with the API name as the hint.
  const delegate = row(diff, 'can.delegate');
  await expect(delegate.getByRole('rowheader')).toContainText('Can delegate');
  await expect(delegate.getByRole('rowheader').locator('code')).toHaveText('can.delegate');
  await expect(delegate.getByRole('cell').nth(0)).toHaveText(/No$/);
  await expect(delegate.getByRole('cell').nth(1)).toHaveText(/Yes$/);

  // Long text: one cell with the words removed and added, struck through and underlined.
  const objective = row(diff, 'objective');
  await expect(objective.getByRole('rowheader')).toContainText('Objective');
  expect(await marked(objective, 'del')).toContain('quickly');
  expect(await marked(objective, 'ins')).toContain('refunds');
  expect(await objective.locator('del').first().evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain('line-through');
  expect(await objective.locator('ins').first().evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain('underline');

  // The restore confirmation shows what restoring version 1 changes, the same way.
  await page.getByRole('button', { name: 'Restore version 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore version 1?' });
  await expect(dialog).toBeVisible();
  const preview = dialog.getByTestId('versions-diff');
  await expect(preview.getByRole('columnheader', { name: 'After restore (v1)' })).toBeVisible();
  await expectLink(row(preview, 'model').getByRole('cell').nth(0), 'ai-models', m2);
  await expectLink(row(preview, 'model').getByRole('cell').nth(1), 'ai-models', m1);
  await expect(row(preview, 'knowledgeBases').getByRole('cell').nth(1)).toContainText(`${k1.name} (deleted)`);
  await expect(row(preview, 'can.delegate').getByRole('rowheader')).toContainText('Can delegate');
  expect(await marked(row(preview, 'objective'), 'ins')).toContain('quickly');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('squad: agents by name with links or (deleted), task fields labelled, a word diff — in History and in the restore confirmation', async ({ page }) => {
  const m = await model(page);
  const agent = async (label: string): Promise<Named> => {
    const name = unique(label);
    return post(page, '/agents', agentBody(m.id, { name }), name);
  };
  const [planner, worker, newWorker, newPlanner] = [await agent('Planner'), await agent('Worker'), await agent('New worker'), await agent('New planner')];
  const task = (agentId: string, objective: string) => ({ id: 'collect', agent: agentId, name: 'Collect sources', objective, dependsOn: [], coordinates: { x: 0, y: 0, width: 220, height: 90 } });
  const squad = {
    name: unique('Diff squad'),
    tasks: [task(worker.id, OLD_OBJECTIVE)],
    order: 'sequential',
    enabled: true,
    do_plan: true,
    sectors: [],
    publisher: 'e2e',
    planningAgent: { id: planner.id },
    supervisor: null,
  };
  const { id } = await apiAs<{ id: string }>(page.request, 'POST', '/squads', { squad });
  await apiAs(page.request, 'PUT', `/squads/${id}`, { squad: { ...squad, tasks: [task(newWorker.id, NEW_OBJECTIVE)], planningAgent: { id: newPlanner.id }, do_plan: false } });
  // The first planner is no longer used: deleting it leaves version 1 naming a deleted agent.
  await apiAs(page.request, 'DELETE', `/agents/${planner.id}`);

  await page.goto(`/squads/${id}?tab=history`);
  const diff = page.getByTestId('versions-diff');
  await expect(diff).toBeVisible();
  for (const ref of [worker, newWorker, newPlanner]) await expect(diff).not.toContainText(ref.id);

  const plannerRow = row(diff, 'planningAgent.id');
  await expect(plannerRow.getByRole('rowheader')).toContainText('Planning agent');
  await expect(plannerRow.getByRole('cell').nth(0)).toContainText(`${planner.name} (deleted)`);
  await expectLink(plannerRow.getByRole('cell').nth(1), 'agents', newPlanner);

  const agentRow = row(diff, 'tasks.collect.agent');
  await expect(agentRow.getByRole('rowheader')).toContainText('Task “Collect sources” · Agent');
  await expectLink(agentRow.getByRole('cell').nth(0), 'agents', worker);
  await expectLink(agentRow.getByRole('cell').nth(1), 'agents', newWorker);

  const plan = row(diff, 'do_plan');
  await expect(plan.getByRole('rowheader')).toContainText('Plan first');
  await expect(plan.getByRole('rowheader').locator('code')).toHaveText('do_plan');

  const objective = row(diff, 'tasks.collect.objective');
  await expect(objective.getByRole('rowheader')).toContainText('Task “Collect sources” · Objective');
  expect(await marked(objective, 'del')).toContain('quickly');
  expect(await marked(objective, 'ins')).toContain('refunds');

  await page.getByRole('button', { name: 'Restore version 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore version 1?' });
  const preview = dialog.getByTestId('versions-diff');
  await expect(preview).toBeVisible();
  await expect(row(preview, 'planningAgent.id').getByRole('cell').nth(1)).toContainText(`${planner.name} (deleted)`);
  await expectLink(row(preview, 'tasks.collect.agent').getByRole('cell').nth(1), 'agents', worker);
  expect(await marked(row(preview, 'tasks.collect.objective'), 'ins')).toContain('quickly');
  // Restoring would name a deleted agent: the server refuses, and the dialog says why.
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog.getByRole('alert')).toContainText('cannot be restored');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
