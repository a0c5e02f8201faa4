// Temporary (not committed): screenshots for the report.
import { expect, test, type Page } from '@playwright/test';
import { apiAs, unique } from './fixtures';
const DIR = '/work/wt/shots/designer';
async function seed(page: Page, n: number) {
  const model = await apiAs<{ id: string }>(page.request, 'POST', '/ai-models', { model: { name: unique('Shot model'), sectors: ['e2e'], description: 'x', enabled: true, provider: 'meta', model: 'llama-3' } });
  const agent = await apiAs<{ id: string }>(page.request, 'POST', '/agents', {
    name: unique('Researcher'), enabled: true, model: model.id, auto: false, reasoning: false, publisher: 'e2e', temperature: 0.3, role: 'Role', objective: 'Objective',
    referencies: 'None', 'can.delegate': false, can_code: false, multimodal: false, sectors: ['e2e'], tools: [], knowledgeBases: [] });
  const tasks = Array.from({ length: n }, (_, i) => ({ id: `t${i}`, agent: agent.id, name: `Task t${i}`, objective: `Objective ${i}`, dependsOn: i % 4 ? [`t${i - 1}`] : [], coordinates: { x: (i % 4) * 320, y: Math.floor(i / 4) * 192, width: 240, height: 112 } }));
  const squad = await apiAs<{ id: string }>(page.request, 'POST', '/squads', { squad: { name: unique('Shot squad'), order: 'sequential', enabled: true, do_plan: false, sectors: ['e2e'], publisher: 'e2e', tasks, planningAgent: null, supervisor: null } });
  return squad.id;
}
for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    test(`shots ${theme} ${width}`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
      const tag = `${theme}-${width}`;
      // Shortcut at first paint
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto('/tools', { waitUntil: 'domcontentloaded' });
      await page.keyboard.press('Control+k');
      await expect(page.getByTestId('command-palette')).toBeVisible();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await page.screenshot({ path: `${DIR}/shortcut-palette-first-paint-${tag}.png` });
      await page.keyboard.press('Escape');
      await page.goto('/agents', { waitUntil: 'domcontentloaded' });
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
      await page.screenshot({ path: `${DIR}/shortcut-help-first-paint-${tag}.png` });

      // Fit view + minimap
      const big = await seed(page, 24);
      await page.goto(`/squads/${big}/designer`);
      await expect(page.locator('.react-flow__node-task')).toHaveCount(24);
      await page.getByRole('button', { name: 'Fit view', exact: true }).click();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${DIR}/fit-view-minimap-${tag}.png` });

      // New tasks + keyboard picker
      const small = await seed(page, 3);
      await page.goto(`/squads/${small}/designer`);
      await expect(page.locator('.react-flow__node-task')).toHaveCount(3);
      await page.getByTestId('rf__node-t1').focus();
      await page.keyboard.press('Enter');
      for (const name of ['New one', 'New two']) {
        await page.getByRole('button', { name: '+ Add task' }).focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: 'Add a task' });
        await dialog.getByLabel('Name').fill(name);
        await dialog.getByRole('combobox', { name: 'Agent' }).fill('Researcher');
        await dialog.getByRole('combobox', { name: 'Agent' }).press('Enter');
        await dialog.getByLabel('Objective').fill('Do it');
        await dialog.getByRole('button', { name: 'Add task' }).press('Enter');
        await expect(dialog).toBeHidden();
      }
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${DIR}/new-tasks-beside-selected-${tag}.png`, fullPage: width === 390 });
      await page.getByRole('combobox', { name: 'Add a dependency' }).focus();
      await page.keyboard.type('Task');
      await page.waitForTimeout(200);
      await page.getByRole('combobox', { name: 'Add a dependency' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${DIR}/keyboard-depends-on-picker-${tag}.png`, fullPage: width === 390 });
      await page.keyboard.press('Escape');
      // refusal then save
      if (width === 1280) {
        await page.getByTestId('rf__node-t0').focus();
        await page.keyboard.press('Escape');
        const from = (await page.getByTestId('rf__node-t2').locator('.react-flow__handle-bottom').boundingBox())!;
        const to = (await page.getByTestId('rf__node-t0').locator('.react-flow__handle-top').boundingBox())!;
        await page.mouse.move(from.x + 3, from.y + 3); await page.mouse.down(); await page.mouse.move(to.x + 3, to.y + 3, { steps: 10 }); await page.mouse.up();
        await expect(page.getByTestId('link-refusal')).toBeVisible();
        await page.screenshot({ path: `${DIR}/refusal-before-save-${tag}.png` });
      }
      await page.keyboard.press('Control+s');
      await expect(page.getByText(/Squad saved/)).toBeVisible();
      await expect(page.getByTestId('link-refusal')).toBeHidden();
      await page.screenshot({ path: `${DIR}/refusal-gone-after-save-${tag}.png` });

      // version page
      await page.goto(`/squads/${small}/designer?version=1`);
      await expect(page.getByTestId('readonly-banner')).toBeVisible();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${DIR}/readonly-version-${tag}.png`, fullPage: true });
    });
  }
}
