// What a person does before a page's code is live (decision 106): a page's HTML arrives before
// its code, and on the kinds' pages that code is fetched on demand (decision 104). Here the page's
// scripts are held back until the test lets them through, so the HTML is all there is: no timing,
// the order is fixed. A field typed into then must keep what was typed (the form takes input only
// once it is live), a button pressed then must do what it says once the page is live (it is
// disabled until then), and a tab clicked then must open.
import { expect, test, type Page } from '@playwright/test';
import { agentBody, apiAs, squadBody, unique } from './fixtures';

/** Holds back every script of the page until `release()`. */
async function holdScripts(page: Page): Promise<{ release: () => void; held: () => number }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  // Scripts only: the stylesheets must arrive, or the first paint (and domcontentloaded) waits.
  const script = (url: URL) => url.pathname.startsWith('/_next/static/') && url.pathname.endsWith('.js');
  await page.route(script, async (route) => {
    held += 1;
    await gate;
    await route.continue().catch(() => undefined); // the page may have navigated away meanwhile
  });
  return { release, held: () => held };
}

async function newAgent(page: Page): Promise<string> {
  const model = await apiAs<{ id: string }>(page.request, 'POST', '/ai-models', {
    model: { name: unique('Before-live model'), sectors: [], description: 'For typing early', enabled: true, provider: 'meta', model: 'llama-3.1-8b' },
  });
  return (await apiAs<{ id: string }>(page.request, 'POST', '/agents', agentBody(model.id))).id;
}

test('typing into an edit form before its code is live keeps what was typed, and saves it', async ({ page }) => {
  const id = await newAgent(page);
  const scripts = await holdScripts(page);
  await page.goto(`/agents/${id}/edit`, { waitUntil: 'domcontentloaded' });
  const objective = page.getByLabel('Objective', { exact: true });
  const save = page.getByRole('button', { name: 'Save changes' });
  // The server's form is there, and nothing of the page's code has run.
  await expect(objective).toHaveValue('Objective');
  expect(scripts.held()).toBeGreaterThan(0);
  await expect(objective).toBeDisabled();

  // Typed while the code is held back: the typing waits for the form to be live.
  const typing = objective.fill('Typed before the page was live');
  scripts.release();
  await typing;
  await expect(save).toBeEnabled();
  await expect(objective).toHaveValue('Typed before the page was live');
  await save.click();
  await expect(page).toHaveURL(new RegExp(`/agents/${id}$`));
  const saved = await apiAs<{ Agent: { objective: string } }>(page.request, 'GET', `/agents/${id}`);
  expect(saved.Agent.objective).toBe('Typed before the page was live');
});

test('a History tab clicked before the page is live opens the history', async ({ page }) => {
  const id = await newAgent(page);
  const scripts = await holdScripts(page);
  await page.goto(`/agents/${id}`, { waitUntil: 'domcontentloaded' });
  expect(scripts.held()).toBeGreaterThan(0);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${id}\\?tab=history$`));
  await expect(page.getByRole('tabpanel')).toContainText('created');
  scripts.release();
  // Once live, the tabs switch in place.
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${id}$`));
  await expect(page.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
});

test('a button pressed before the page is live does its work once it is: Export bundle downloads', async ({ page }) => {
  const squad = await apiAs<{ id: string }>(page.request, 'POST', '/squads', squadBody(unique('Before-live squad'), []));
  const scripts = await holdScripts(page);
  await page.goto(`/squads/${squad.id}`, { waitUntil: 'domcontentloaded' });
  expect(scripts.held()).toBeGreaterThan(0);
  const exportButton = page.getByRole('button', { name: 'Export bundle' });
  await expect(exportButton).toBeDisabled();
  const downloading = page.waitForEvent('download');
  const pressing = exportButton.click();
  scripts.release();
  await pressing;
  expect((await downloading).suggestedFilename()).toMatch(/^before-live-squad-.*\.aoc-bundle\.json$/);
});
