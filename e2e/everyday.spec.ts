// Everyday use (issue 9): the home checklist, the company id, deep links through sign-in, the
// password change, the command palette and shortcuts overlay, and dark mode.
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { apiAs, expectAccessible, snap, unique, agentBody, noSidewaysScroll } from './fixtures';

const DARK_BG = 'rgb(14, 17, 22)';
const LIGHT_BG = 'rgb(246, 247, 249)';

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function newModel(page: Page): Promise<{ id: string; name: string }> {
  const name = unique('Everyday model');
  const { id } = await apiAs<{ id: string }>(page.request, 'POST', '/ai-models', {
    model: { name, sectors: [], description: 'For the everyday tests', enabled: true, provider: 'meta', model: 'llama-3.1-70b' },
  });
  return { id, name };
}

test('the home checklist ticks a step off once its resource exists, and links to where to add one', async ({ page }, testInfo) => {
  const models = await apiAs<unknown[]>(page.request, 'GET', '/ai-models');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Get started' })).toBeVisible();
  const step = page.getByTestId('step-model');
  await expect(step).toHaveAttribute('data-done', String(models.length > 0));
  await expect(step.getByRole('link', { name: 'New AI model' })).toHaveAttribute('href', '/ai-models/new');
  await expect(page.getByTestId('step-squad').getByRole('link', { name: 'New squad' })).toHaveAttribute('href', '/squads/new');

  await newModel(page);
  await page.reload();
  await expect(step).toHaveAttribute('data-done', 'true');
  await expect(step).toContainText('(done)');
  await expect(step).toContainText(`Now: ${models.length + 1} model`);
  await snap(page, testInfo, 'home');
  await expectAccessible(page, testInfo, 'home');
});

test('the company id is shown with a copy button on the home, settings and API keys pages', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const session = await apiAs<{ company: { id: string } }>(page.request, 'GET', '/session');
  for (const url of ['/', '/settings/api-keys', '/settings']) {
    await page.goto(url);
    await expect(page.getByTestId('company-id')).toHaveText(session.company.id);
  }
  await page.getByRole('button', { name: 'Copy id' }).click();
  await expect(page.getByText('Copied to the clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(session.company.id);
});

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a deep link goes through sign-in and lands where it was going', async ({ page }) => {
    await page.goto('/agents?sector=sales&q=x');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fagents%3Fsector%3Dsales%26q%3Dx$/);
    const { ADMIN } = await import('./fixtures');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/agents\?sector=sales&q=x$/);
    await expect(page.getByTestId('signed-in-name')).toHaveText(ADMIN.name);
  });

  test('a signed-in person changes their password; the old one is refused afterwards', async ({ page, request }) => {
    // A person of their own (not the administrator every other spec signs in as), written into
    // the server's database the way the API tests do.
    const { person, oldPassword } = await newPerson(request);
    const newPassword = 'a brand new passphrase';
    const signIn = async (password: string) => {
      await page.getByLabel('Email').fill(person.email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    };
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fsettings$/);
    await signIn(oldPassword);
    await expect(page).toHaveURL(/\/settings$/);

    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.locator('#currentPassword-error')).toContainText('not your current password');
    await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Current password').fill(oldPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed')).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveValue('');
    // This session goes on.
    await page.reload();
    await expect(page.getByTestId('signed-in-name')).toHaveText(person.name);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in\?signed-out=1$/);
    await page.waitForLoadState('load'); // the sign-out leaves with a full page load: let the new page start
    await signIn(oldPassword);
    await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password' })).toBeVisible();
    await signIn(newPassword);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('signed-in-name')).toHaveText(person.name);
  });
});

/**
 * A second person in the administrator's company, written into the server's database by a small
 * tsx process (the way the API tests create people: there is no API for it).
 */
async function newPerson(request: import('@playwright/test').APIRequestContext) {
  const dataDir = process.env.E2E_DATA_DIR!;
  const { ADMIN } = await import('./fixtures');
  const signedIn = await request.post('/api/session/sign-in', { headers: { 'x-requested-with': 'console' }, data: { email: ADMIN.email, password: ADMIN.password } });
  expect(signedIn.status()).toBe(200);
  const companyId = (await signedIn.json()).data.company.id as string;
  const oldPassword = 'the first passphrase';
  const person = { name: 'Grace Hopper', email: `grace-${Date.now().toString(36)}@acme.test` };
  const code = `
    import { hashPassword } from './lib/server/crypto';
    import { loadDatabase } from './lib/server/db';
    (async () => {
    const db = await loadDatabase();
    await db.user.create({ data: { companyId: ${JSON.stringify(companyId)}, name: ${JSON.stringify(person.name)}, email: ${JSON.stringify(person.email)}, passwordHash: await hashPassword(${JSON.stringify(oldPassword)}) } });
    await db.$disconnect();
    })().catch((error) => { console.error(error); process.exit(1); });`;
  execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', '-e', code], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: process.env.E2E_DATABASE_URL || `file:${path.join(dataDir, 'app.db')}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { person, oldPassword };
}

/**
 * Opens `url` with the CPU slowed 4× (as CI on a loaded machine) and presses `key` as soon as the
 * document is parsed, before the console has hydrated: the key must not be lost (issue 23).
 */
async function pressAtFirstPaint(page: Page, url: string, key: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  try {
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    // Chromium delivers no input to a page before its first paint (a key pressed earlier never
    // reaches any script: seen as a lost 'k' with its Control delivered); from the first paint on,
    // the console's head script hears it, hydrated or not.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { polling: 50 });
    await page.keyboard.press(key);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

test('Ctrl+K finds an agent by name and Enter opens it; Escape gives the focus back', async ({ page }) => {
  const model = await newModel(page);
  const name = unique('Palette agent');
  const agent = await apiAs<{ id: string }>(page.request, 'POST', '/agents', agentBody(model.id, { name }));
  // Pressed right after domcontentloaded on a 4× slower CPU: remembered until the console listens.
  await pressAtFirstPaint(page, '/tools', 'ControlOrMeta+k');
  const palette = page.getByTestId('command-palette');
  await expect(palette).toBeVisible();
  const input = palette.getByRole('combobox');
  await expect(input).toBeFocused();
  await input.fill(name.toLowerCase().slice(9)); // part of the name, in another case
  await expect(palette.getByRole('option', { name: new RegExp(name) })).toBeVisible();
  await expect(palette.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/agents/${agent.id}$`));
  await expect(palette).toBeHidden();

  // The header button opens it too; Escape closes it and the focus goes back to the button.
  const button = page.getByRole('button', { name: /^Search/ });
  await button.click();
  await expect(palette).toBeVisible();
  await expect(palette.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await expect(button).toBeFocused();
});

test('? pressed before the page has hydrated still shows the keyboard shortcuts', async ({ page }) => {
  await pressAtFirstPaint(page, '/agents', '?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
});

test('? shows the keyboard shortcuts, but not while typing in a field', async ({ page }, testInfo) => {
  await page.goto('/agents');
  await page.getByRole('searchbox').first().fill('?');
  await expect(page.getByTestId('shortcuts-help')).toBeHidden();
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('Open the command palette');
  await expectAccessible(page, testInfo, 'shortcuts');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
});

test.describe('dark mode', () => {
  test.use({ colorScheme: 'dark' });
  test.afterEach(async ({ page }) => {
    await page.evaluate(() => localStorage.removeItem('aoc-theme')).catch(() => undefined);
  });

  test('follows the system setting and passes axe at 1280 and 390 px', async ({ page }, testInfo) => {
    await newModel(page);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Get started' })).toBeVisible();
      expect(await background(page)).toBe(DARK_BG);
      await noSidewaysScroll(page);
      await expectAccessible(page, testInfo, `home-dark-${width}`);
      await snap(page, testInfo, `home-dark-${width}`);

      await page.goto('/settings');
      await expect(page.getByRole('heading', { name: 'Password' })).toBeVisible();
      await noSidewaysScroll(page);
      await expectAccessible(page, testInfo, `settings-dark-${width}`);

      await page.keyboard.press('ControlOrMeta+k');
      const palette = page.getByTestId('command-palette');
      await expect(palette.getByRole('option').first()).toBeVisible();
      await noSidewaysScroll(page);
      await expectAccessible(page, testInfo, `palette-dark-${width}`);
      await snap(page, testInfo, `palette-dark-${width}`);
      await page.keyboard.press('Escape');
    }
  });

  test('the squad designer follows (React Flow in its dark colour mode)', async ({ page }, testInfo) => {
    const model = await newModel(page);
    const agent = await apiAs<{ id: string }>(page.request, 'POST', '/agents', agentBody(model.id, { name: unique('Dark agent') }));
    const squad = await apiAs<{ id: string }>(page.request, 'POST', '/squads', {
      squad: {
        name: unique('Dark squad'), order: 'sequential', enabled: true, do_plan: false, sectors: [], publisher: 'e2e', planningAgent: null, supervisor: null,
        tasks: [{ id: 't1', agent: agent.id, name: 'Task one', objective: 'Do it', dependsOn: [], coordinates: { x: 40, y: 40, width: 240, height: 112 } }],
      },
    });
    await page.goto(`/squads/${squad.id}/designer`);
    const flow = page.locator('.react-flow');
    await expect(flow).toHaveClass(/\bdark\b/);
    await expect(page.getByTestId('rf__node-t1')).toBeVisible();
    await expectAccessible(page, testInfo, 'designer-dark');
    await snap(page, testInfo, 'designer-dark');
    await page.evaluate(() => localStorage.setItem('aoc-theme', 'light'));
    await page.reload();
    await expect(flow).not.toHaveClass(/\bdark\b/);
  });

  test('the switch overrides it, kept across reloads and applied before the first paint', async ({ page }, testInfo) => {
    await page.goto('/settings');
    expect(await background(page)).toBe(DARK_BG);
    await page.getByRole('radio', { name: 'Light' }).check();
    expect(await background(page)).toBe(LIGHT_BG);
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(await background(page)).toBe(LIGHT_BG);
    // The stored choice is on <html> in the server's HTML already, before any React code runs.
    await page.goto('/settings', { waitUntil: 'commit' });
    await page.waitForFunction(() => document.body !== null);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await expectAccessible(page, testInfo, 'settings-light');

    await page.getByRole('radio', { name: 'Dark' }).check();
    expect(await background(page)).toBe(DARK_BG);
    await page.getByRole('radio', { name: 'System' }).check();
    expect(await background(page)).toBe(DARK_BG);
    expect(await page.evaluate(() => localStorage.getItem('aoc-theme'))).toBeNull();
  });
});

test('once every step is done the checklist can be dismissed, and stays dismissed', async ({ page }) => {
  const model = await newModel(page);
  await apiAs(page.request, 'POST', '/tools', {
    tool: { name: unique('Checklist tool'), description: 'Ticks the second step', sectors: [], publisher: 'e2e', enabled: true, environments: [] },
  });
  const agent = await apiAs<{ id: string }>(page.request, 'POST', '/agents', agentBody(model.id, { name: unique('Checklist agent') }));
  await apiAs(page.request, 'POST', '/squads', {
    squad: {
      name: unique('Checklist squad'), order: 'sequential', enabled: true, do_plan: false, sectors: [], publisher: 'e2e', planningAgent: null, supervisor: null,
      tasks: [{ id: 't1', agent: agent.id, name: 'Task one', objective: 'Do it', dependsOn: [], coordinates: { x: 40, y: 40, width: 240, height: 112 } }],
    },
  });
  await page.goto('/');
  await expect(page.getByTestId('get-started-progress')).toHaveText('4 of 4 done');
  await page.getByRole('button', { name: 'Dismiss checklist' }).click();
  await expect(page.getByRole('heading', { name: 'Get started' })).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'For the API' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Get started' })).toBeHidden();
});
