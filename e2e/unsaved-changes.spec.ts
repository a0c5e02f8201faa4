// Leaving a new or edit form with unsaved changes asks first (issue 9.2): a console link and the
// browser's Back ask with a confirmation and stay when refused; closing or reloading the tab is
// asked by the browser (beforeunload). Cancel and Save leave without asking, and an untouched
// form never asks.
import { expect, test, type Dialog, type Page } from '@playwright/test';
import { apiAs, live, unique } from './fixtures';

type Answer = 'accept' | 'dismiss';

/** Records every dialog the page opens and answers it as `answer` says at that moment. */
function dialogs(page: Page) {
  const seen: Array<{ type: string; message: string }> = [];
  const state = { answer: 'dismiss' as Answer, seen };
  page.on('dialog', (dialog: Dialog) => {
    seen.push({ type: dialog.type(), message: dialog.message() });
    void (state.answer === 'accept' ? dialog.accept() : dialog.dismiss());
  });
  return state;
}

/** What the page's beforeunload listeners answer: true when leaving would be asked about. */
const asksBeforeUnload = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

async function records(page: Page) {
  const model = await apiAs<{ id: string }>(page.request, 'POST', '/ai-models', {
    model: { name: unique('Guarded model'), sectors: [], description: 'Edited, not saved', enabled: true, provider: 'meta', model: 'llama-3' },
  });
  const agent = await apiAs<{ id: string }>(page.request, 'POST', '/agents', {
    name: unique('Guarded agent'), enabled: true, model: model.id, auto: false, reasoning: false, publisher: 'e2e', temperature: 0.5,
    role: 'Role', objective: 'Objective', referencies: 'None', 'can.delegate': false, can_code: false, multimodal: false, sectors: [], tools: [], knowledgeBases: [],
  });
  const tool = await apiAs<{ id: string }>(page.request, 'POST', '/tools', {
    tool: { name: unique('Guarded tool'), description: 'Edited, not saved', sectors: [], publisher: 'e2e', enabled: true, environments: [] },
  });
  const kb = await apiAs<{ id: string }>(page.request, 'POST', '/knowledge-bases', {
    knowledgeBase: { name: unique('Guarded base'), description: 'Edited, not saved', enabled: true, sectors: [], content: 'Text.', type: 'text', multimodal: false, tags: [] },
  });
  const squad = await apiAs<{ id: string }>(page.request, 'POST', '/squads', {
    squad: { name: unique('Guarded squad'), order: 'sequential', enabled: true, do_plan: false, sectors: [], publisher: 'e2e', tasks: [], planningAgent: null, supervisor: null },
  });
  return { model: model.id, agent: agent.id, tool: tool.id, kb: kb.id, squad: squad.id };
}

test('every new and edit form asks before unsaved changes are left, and only then (issue 9.2)', async ({ page }) => {
  test.setTimeout(180_000);
  const ids = await records(page);
  const answers = dialogs(page);
  const nav = page.getByRole('navigation', { name: 'Main' });

  // Each form, reached by a console link from the page before it (so Back stays in the console).
  const forms: Array<{ form: string; from: string; via: string | RegExp; path: RegExp }> = [
    { form: 'new agent', from: '/agents', via: 'New agent', path: /\/agents\/new$/ },
    { form: 'agent', from: `/agents/${ids.agent}`, via: 'Edit', path: /\/agents\/[^/]+\/edit$/ },
    { form: 'new AI model', from: '/ai-models', via: 'New AI model', path: /\/ai-models\/new$/ },
    { form: 'AI model', from: `/ai-models/${ids.model}`, via: 'Edit', path: /\/ai-models\/[^/]+\/edit$/ },
    { form: 'new tool', from: '/tools/new', via: /JavaScript function/, path: /\/tools\/new\?type=javascript$/ },
    { form: 'tool', from: `/tools/${ids.tool}`, via: 'Edit', path: /\/tools\/[^/]+\/edit$/ },
    { form: 'new knowledge base', from: '/knowledge-bases', via: 'New knowledge base', path: /\/knowledge-bases\/new$/ },
    { form: 'knowledge base', from: `/knowledge-bases/${ids.kb}`, via: 'Edit', path: /\/knowledge-bases\/[^/]+\/edit$/ },
    { form: 'new squad', from: '/squads', via: 'New squad', path: /\/squads\/new$/ },
    { form: 'squad', from: `/squads/${ids.squad}`, via: 'Edit', path: /\/squads\/[^/]+\/edit$/ },
  ];

  for (const { form, from, via, path } of forms) {
    await test.step(form, async () => {
      answers.seen.length = 0;
      answers.answer = 'dismiss';
      await page.goto(from);
      // In place, as a person's click on a live page is (the Back below goes through the console).
      await (await live(page.getByRole('main').getByRole('link', { name: via, exact: typeof via === 'string' }).first())).click();
      await expect(page).toHaveURL(path);
      const name = page.getByLabel('Name', { exact: true });
      await expect(name).toBeEditable();

      // Untouched: nothing to lose, nothing asked.
      expect(await asksBeforeUnload(page)).toBe(false);

      await name.fill('Typed, not saved');
      expect(await asksBeforeUnload(page)).toBe(true);

      // A console link: asked; refused, the page and what was typed stay.
      await nav.getByRole('link', { name: 'History' }).click();
      await expect.poll(() => answers.seen.length).toBe(1);
      expect(answers.seen[0]).toMatchObject({ type: 'confirm', message: expect.stringContaining('unsaved changes') });
      await expect(page).toHaveURL(path);
      await expect(name).toHaveValue('Typed, not saved');

      // The browser's Back: asked; refused, the page and what was typed stay.
      await page.goBack();
      await expect.poll(() => answers.seen.length).toBe(2);
      expect(answers.seen[1]).toMatchObject({ type: 'confirm' });
      await expect(page).toHaveURL(path);
      await expect(name).toHaveValue('Typed, not saved');
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('History');

      // Cancel leaves on purpose, without asking.
      await page.getByRole('link', { name: 'Cancel', exact: true }).click();
      await expect(page).not.toHaveURL(path);
      expect(answers.seen).toHaveLength(2);
    });
  }

  // Accepting the question leaves; Back then returns to the page before the form.
  await page.goto(`/agents/${ids.agent}`);
  await page.getByRole('main').getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByLabel('Name', { exact: true }).fill('Left on purpose');
  answers.seen.length = 0;
  answers.answer = 'accept';
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/agents/${ids.agent}$`));
  expect(answers.seen).toHaveLength(1);

  // Saving does not ask.
  answers.seen.length = 0;
  await page.getByRole('main').getByRole('link', { name: 'Edit', exact: true }).click();
  const saved = unique('Saved agent');
  await page.getByLabel('Name', { exact: true }).fill(saved);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${ids.agent}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(saved);
  await nav.getByRole('link', { name: 'Agents' }).click();
  await expect(page).toHaveURL(/\/agents$/);
  expect(answers.seen).toEqual([]);

  // Closing the tab with unsaved changes: the browser asks.
  await page.goto('/squads/new');
  await page.getByLabel('Name', { exact: true }).fill('Closed before saving');
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => answers.seen.map((d) => d.type)).toContain('beforeunload');
});
