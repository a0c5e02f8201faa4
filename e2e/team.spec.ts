// A team (issue 19, D11): the owner (the setup's administrator) invites an editor and a viewer
// from Settings → Members; each accepts the link in a browser of its own and lands signed in. The
// viewer sees no edit controls (and the API refuses it); an editor demoted while signed in gets a
// clear message at its next save, not a crash; the last owner can neither be demoted nor removed.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ADMIN, agentBody, apiAs, expectAccessible, snap, unique } from './fixtures';
import { SCREENSHOTS_DIR } from './paths';

// Three browsers per test on a machine that may be loaded.
test.slow();

const CONSOLE = { 'x-requested-with': 'console' };
const PASSWORD = 'a long enough passphrase';

type Member = { id: string; name: string; email: string; role: string; sectors: string[] };

const slug = () => unique('x').split(' ')[1]!;

/** Invites `email` as `role` through the Members page; answers the link shown once. */
async function invite(page: Page, email: string, role: 'editor' | 'viewer' | 'admin'): Promise<string> {
  await page.goto('/settings/members');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption(role);
  await page.getByRole('button', { name: 'Create invitation' }).click();
  const shown = page.getByTestId('link-once');
  await expect(shown).toContainText(`Invitation for ${email} as ${role}`);
  await expect(shown).toContainText('E-mail is not configured: copy this link and send it');
  const url = (await page.getByTestId('shown-link').textContent())!;
  expect(url).toMatch(/\/accept\?token=/);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('table', { name: 'Pending invitations' })).toContainText(email);
  return url;
}

/** A browser of its own (signed out) that accepts `url` as `name`; answers its page, signed in on the home page. */
async function accept(browser: Browser, url: string, name: string): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto(new URL(url).pathname + new URL(url).search);
  await expect(page.getByRole('heading', { name: 'Join your team' })).toBeVisible();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Join and sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('signed-in-name')).toHaveText(name);
  return page;
}

async function members(page: Page): Promise<Member[]> {
  return (await apiAs<{ items: Member[] }>(page.request, 'GET', '/members')).items;
}

test('an owner invites an editor and a viewer; the viewer sees no edit controls; a demoted editor is told; the last owner stays', async ({ page, browser }, testInfo) => {
  const id = slug();
  const editor = { name: `Edna Editor ${id}`, email: `edna-${id}@acme.test` };
  const viewer = { name: `Vic Viewer ${id}`, email: `vic-${id}@acme.test` };

  // A tool and a squad for the viewer to look at.
  const tool = await apiAs<{ id: string }>(page.request, 'POST', '/tools', {
    tool: { name: unique('Team tool'), description: 'Before', sectors: [], publisher: 'e2e', enabled: true, environments: [] },
  });
  const squad = await apiAs<{ id: string }>(page.request, 'POST', '/squads', {
    squad: { name: unique('Team squad'), order: 'sequential', enabled: true, do_plan: false, sectors: [], publisher: 'e2e', tasks: [] },
  });

  // --- The owner invites both; the link is shown once, with "e-mail is not configured".
  const editorUrl = await invite(page, editor.email, 'editor');
  const viewerUrl = await invite(page, viewer.email, 'viewer');
  await expectAccessible(page, testInfo, 'members');

  // --- Each accepts in a browser of its own.
  const editorPage = await accept(browser, editorUrl, editor.name);
  const viewerPage = await accept(browser, viewerUrl, viewer.name);

  // A link works once: a third browser opening the editor's link again is told it cannot be used.
  const again = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  await again.goto(new URL(editorUrl).pathname + new URL(editorUrl).search);
  await again.getByLabel('Your name').fill('Someone else');
  await again.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await again.getByLabel('Confirm password').fill(PASSWORD);
  await again.getByRole('button', { name: 'Join and sign in' }).click();
  await expect(again.getByTestId('dead-link')).toContainText('already used, revoked, or it has expired');
  await again.context().close();

  // The owner's list shows both, with their roles; the invitations are no longer pending.
  await page.goto('/settings/members');
  const list = page.getByRole('table', { name: 'Members' });
  await expect(list.getByRole('row', { name: new RegExp(editor.name) })).toContainText('editor');
  await expect(list.getByRole('row', { name: new RegExp(viewer.name) })).toContainText('viewer');
  await expect(page.getByRole('table', { name: 'Pending invitations' })).toHaveCount(0);

  // --- The viewer: no New, Edit, Delete, Import; switches locked with their reason; the API says 403.
  await viewerPage.goto('/tools');
  await expect(viewerPage.getByRole('heading', { name: 'Tools', exact: true })).toBeVisible();
  const toolSwitch = viewerPage.getByRole('switch').first();
  await expect(toolSwitch).toHaveAttribute('aria-disabled', 'true');
  await expect(viewerPage.getByRole('link', { name: 'New tool' })).toHaveCount(0);
  await expect(viewerPage.getByRole('link', { name: /^Edit tool/ })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: /^Delete tool/ })).toHaveCount(0);
  await toolSwitch.focus();
  await expect(viewerPage.getByRole('tooltip', { name: 'Editors and above can enable or disable tools' }).first()).toBeVisible();
  await viewerPage.goto(`/tools/${tool.id}`);
  await expect(viewerPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(viewerPage.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await viewerPage.goto('/squads');
  await expect(viewerPage.getByRole('heading', { name: 'Squads', exact: true })).toBeVisible();
  await expect(viewerPage.getByRole('link', { name: 'Import bundle' })).toHaveCount(0);
  await expect(viewerPage.getByRole('link', { name: 'New squad' })).toHaveCount(0);
  // The designer opens read-only: nothing to add, save or drag.
  await viewerPage.goto(`/squads/${squad.id}/designer`);
  await expect(viewerPage.getByTestId('readonly-banner')).toContainText('Editors and above can edit squads');
  await expect(viewerPage.getByRole('button', { name: /Save/ })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: /Add task/ })).toHaveCount(0);
  // An edit page opened by its address explains instead of offering a form.
  await viewerPage.goto(`/tools/${tool.id}/edit`);
  await expect(viewerPage.getByText('Editors and above can edit tools; you are a viewer.')).toBeVisible();
  await expect(viewerPage.getByRole('button', { name: /Save/ })).toHaveCount(0);
  // Navigation: Members for everyone, API keys not for a viewer; Members is read-only.
  const nav = viewerPage.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Members' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'API keys' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Members' }).click();
  await expect(viewerPage.getByTestId('members-read-only')).toContainText('Admins and owners can invite and manage members');
  await expect(viewerPage.getByRole('table', { name: 'Members' })).toContainText(ADMIN.name);
  await expect(viewerPage.getByRole('button', { name: 'Create invitation' })).toHaveCount(0);
  // The API refuses the viewer whatever the console shows.
  const refused = await viewerPage.request.fetch(`/api/tools/${tool.id}`, { method: 'DELETE', headers: CONSOLE });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toContain('editor');
  await viewerPage.context().close();

  // --- The editor edits; demoted meanwhile, its save is answered with a clear message.
  await editorPage.goto(`/tools/${tool.id}/edit`);
  await editorPage.getByLabel('Description').fill('Changed by the editor');
  const edna = (await members(page)).find((m) => m.email === editor.email)!;
  await page.goto('/settings/members');
  await page.getByRole('button', { name: `Change role or sectors of ${edna.name}` }).click();
  const dialog = page.getByTestId('change-member');
  await dialog.getByLabel('Role', { exact: true }).selectOption('viewer');
  await expect(dialog.getByTestId('change-consequence')).toContainText(`${edna.name} will be signed out at once and sign in again as a viewer`);
  await dialog.getByRole('button', { name: 'Save change' }).click();
  await expect(page.getByText(`${edna.name} is now a viewer`)).toBeVisible();
  // Its sessions ended with the change: the save says so (on the form, or at sign-in if the browser leaves).
  editorPage.once('dialog', (d) => void d.dismiss());
  await editorPage.getByRole('button', { name: 'Save changes' }).click();
  await expect(editorPage.getByText(/session has ended/i).first()).toBeVisible();
  expect((await apiAs<{ description: string }>(page.request, 'GET', `/tools/${tool.id}`)).description).toBe('Before');
  await editorPage.context().close();

  // --- The last owner: other owners (left by other specs) become admins, so Ada is the last one.
  const me = (await members(page)).find((m) => m.email === ADMIN.email)!;
  for (const other of (await members(page)).filter((m) => m.role === 'owner' && m.id !== me.id)) {
    await apiAs(page.request, 'PUT', `/members/${other.id}`, { role: 'admin' });
  }
  await page.goto('/settings/members');
  const remove = page.getByRole('button', { name: `Remove ${me.name}` });
  await expect(remove).toHaveAttribute('aria-disabled', 'true');
  await remove.focus();
  await expect(page.getByRole('tooltip', { name: /The last owner cannot be demoted or removed/ })).toBeVisible();
  await snap(page, testInfo, 'team-last-owner-reason');
  await page.getByRole('button', { name: `Change role or sectors of ${me.name}` }).click();
  await expect(page.getByTestId('change-member').getByLabel('Role', { exact: true })).toBeDisabled();
  await page.getByTestId('change-member').getByRole('button', { name: 'Cancel' }).click();
  for (const [method, data] of [
    ['PUT', { role: 'admin' }],
    ['DELETE', undefined],
  ] as const) {
    const res = await page.request.fetch(`/api/members/${me.id}`, { method, headers: CONSOLE, data });
    expect(res.status(), `${method} of the last owner`).toBe(409);
  }
  expect((await members(page)).find((m) => m.id === me.id)!.role).toBe('owner');
  await snap(page, testInfo, 'team-members');
});

// D11's sector rule, seen from the console: an editor limited to one sector does not see another
// sector's agent, in the list, by its address or in the command palette (Ctrl+K).
test('an editor limited to one sector sees only that sector’s agents', async ({ page, browser }) => {
  const id = slug();
  const [north, south] = [`north-${id}`, `south-${id}`];
  const model = await apiAs<{ id: string }>(page.request, 'POST', '/ai-models', {
    model: { name: unique('Sector model'), sectors: [north, south], description: 'For sectors', enabled: true, provider: 'meta', model: 'llama-3.1-8b' },
  });
  const ours = await apiAs<{ id: string }>(page.request, 'POST', '/agents', agentBody(model.id, { name: `North agent ${id}`, sectors: [north] }));
  const theirs = await apiAs<{ id: string }>(page.request, 'POST', '/agents', agentBody(model.id, { name: `South agent ${id}`, sectors: [south] }));

  // The owner invites the editor within the north sector.
  const email = `nora-${id}@acme.test`;
  await page.goto('/settings/members');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption('editor');
  await page.getByLabel('Sectors', { exact: true }).fill(north);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Create invitation' }).click();
  await expect(page.getByTestId('link-once')).toContainText(`Invitation for ${email} as editor`);
  const url = (await page.getByTestId('shown-link').textContent())!;
  await expect(page.getByRole('table', { name: 'Pending invitations' }).getByRole('row', { name: new RegExp(email) })).toContainText(north);
  const nora = await accept(browser, url, `Nora North ${id}`);

  // The list: the north agent, never the south one.
  await nora.goto(`/agents?q=${id}`);
  await expect(nora.getByRole('link', { name: `North agent ${id}`, exact: true })).toBeVisible();
  await expect(nora.getByText(`South agent ${id}`)).toHaveCount(0);
  // By its address: not found, as another company's.
  await nora.goto(`/agents/${theirs.id}`);
  await expect(nora.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await nora.goto(`/agents/${ours.id}`);
  await expect(nora.getByRole('heading', { level: 1 })).toContainText(`North agent ${id}`);
  // Ctrl+K finds the north agent and not the south one.
  await nora.getByRole('button', { name: /^Search/ }).click();
  const palette = nora.getByTestId('command-palette');
  const input = palette.getByRole('combobox');
  await input.fill(`North agent ${id}`);
  await expect(palette.getByRole('option', { name: new RegExp(`North agent ${id}`) })).toBeVisible();
  await input.fill(`South agent ${id}`);
  await expect(palette.getByText(`Nothing is named like “South agent ${id}”.`)).toBeVisible();
  await expect(palette.getByRole('option', { name: new RegExp(`South agent ${id}`) })).toHaveCount(0);
  await nora.context().close();
});

// The screenshots the issue asks for, at a desktop and a phone width, light and dark; copied to
// SHOTS_DIR when it is set (the engineers' review folder).
test('members, accept, API keys and activity pages at 1280 and 390 px, light and dark', async ({ page, browser }, testInfo) => {
  const url = await invite(page, `shots-${slug()}@acme.test`, 'viewer');
  const signedOut = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const acceptPage = await signedOut.newPage();
  const shotsDir = process.env.SHOTS_DIR;
  if (shotsDir) mkdirSync(shotsDir, { recursive: true });
  for (const width of [1280, 390]) {
    for (const scheme of ['light', 'dark'] as const) {
      for (const [name, p, href, ready] of [
        ['members', page, '/settings/members', () => page.getByRole('table', { name: 'Pending invitations' })],
        ['api-keys', page, '/settings/api-keys', () => page.getByRole('heading', { name: 'API keys', exact: true })],
        ['activity', page, '/activity', () => page.getByRole('heading', { level: 1, name: 'Activity' })],
        ['accept', acceptPage, new URL(url).pathname + new URL(url).search, () => acceptPage.getByRole('heading', { name: 'Join your team' })],
      ] as const) {
        await p.setViewportSize({ width, height: 860 });
        await p.emulateMedia({ colorScheme: scheme });
        await p.goto(href);
        await expect(ready()).toBeVisible();
        const shot = `team-${name}-${width}-${scheme}`;
        await snap(p, testInfo, shot);
        if (shotsDir) copyFileSync(path.join(SCREENSHOTS_DIR, `${shot}.png`), path.join(shotsDir, `${shot}.png`));
      }
    }
  }
  await signedOut.close();
});
