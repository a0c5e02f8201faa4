// Saves that lose nothing (issue 23): the same resource edited in two tabs, saved in both — the
// second sees what the first changed and merges, so both edits survive; an unchanged form cannot be
// saved; a save made offline says so, keeps the form, and saving again once online saves once.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { agentBody, apiAs, snap, unique } from './fixtures';

type Json = Record<string, unknown>;

// Several tabs per test on a machine that may be loaded: three times the usual time.
test.slow();

async function newModel(page: Page): Promise<string> {
  return (
    await apiAs<{ id: string }>(page.request, 'POST', '/ai-models', {
      model: { name: unique('Conflict model'), sectors: [], description: 'For conflicts', enabled: true, provider: 'meta', model: 'llama-3.1-8b' },
    })
  ).id;
}

/** One kind: how to make one, its edit page, two fields (label and API name) the two tabs change, and how to read it. */
type Kind = {
  kind: string;
  create(page: Page): Promise<string>;
  read(page: Page, id: string): Promise<Json>;
  first: { label: string; field: string };
  second: { label: string; field: string };
};

const KINDS: Kind[] = [
  {
    kind: 'agents',
    create: async (page) => (await apiAs<{ id: string }>(page.request, 'POST', '/agents', agentBody(await newModel(page)))).id,
    read: async (page, id) => (await apiAs<{ Agent: Json }>(page.request, 'GET', `/agents/${id}`)).Agent,
    first: { label: 'Objective', field: 'objective' },
    second: { label: 'Role', field: 'role' },
  },
  {
    kind: 'tools',
    create: async (page) =>
      (await apiAs<{ id: string }>(page.request, 'POST', '/tools', { tool: { name: unique('Conflict tool'), description: 'Old description', sectors: [], publisher: 'e2e', enabled: true, environments: [] } })).id,
    read: (page, id) => apiAs<Json>(page.request, 'GET', `/tools/${id}`),
    first: { label: 'Description', field: 'description' },
    second: { label: 'Name', field: 'name' },
  },
  {
    kind: 'knowledge-bases',
    create: async (page) =>
      (
        await apiAs<{ id: string }>(page.request, 'POST', '/knowledge-bases', {
          knowledgeBase: { name: unique('Conflict KB'), description: 'Old description', enabled: true, sectors: [], content: 'Some text', type: 'text', multimodal: false, tags: [] },
        })
      ).id,
    read: (page, id) => apiAs<Json>(page.request, 'GET', `/knowledge-bases/${id}`),
    first: { label: 'Description', field: 'description' },
    second: { label: 'Name', field: 'name' },
  },
  {
    kind: 'ai-models',
    create: newModel,
    read: (page, id) => apiAs<Json>(page.request, 'GET', `/ai-models/${id}`),
    first: { label: 'Description', field: 'description' },
    second: { label: 'Name', field: 'name' },
  },
];

async function openEditor(context: BrowserContext, kind: string, id: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/${kind}/${id}/edit`);
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible({ timeout: 30_000 });
  return page;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function versionCount(page: Page, kind: string, id: string): Promise<number> {
  return (await apiAs<{ items: unknown[] }>(page.request, 'GET', `/${kind}/${id}/versions?limit=100`)).items.length;
}

for (const k of KINDS) {
  test(`${k.kind}: two tabs save the same resource; the second sees the conflict and both edits survive`, async ({ context }, testInfo) => {
    const tabA = await context.newPage();
    const id = await k.create(tabA);
    await tabA.close();
    const a = await openEditor(context, k.kind, id);
    const b = await openEditor(context, k.kind, id);

    // An unchanged form has nothing to save.
    await expect(b.getByRole('button', { name: 'Save changes' })).toBeDisabled();

    const fromA = unique('Edited in tab A');
    const fromB = unique('Edited in tab B');
    await field(a, k.first.label).fill(fromA);
    await a.getByRole('button', { name: 'Save changes' }).click();
    await expect(a).toHaveURL(new RegExp(`/${k.kind}/${id}$`));

    await field(b, k.second.label).fill(fromB);
    await b.getByRole('button', { name: 'Save changes' }).click();
    const dialog = b.getByTestId('save-conflict');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('versions-diff')).toContainText(fromA);
    await snap(b, testInfo, `save-conflict-${k.kind}`);
    // Nothing of tab B was saved yet.
    expect((await k.read(b, id))[k.second.field]).not.toBe(fromB);

    await dialog.getByRole('button', { name: 'Review and merge' }).click();
    await expect(b.getByTestId('merge-notice')).toBeVisible();
    await expect(field(b, k.first.label)).toHaveValue(fromA);
    await expect(field(b, k.second.label)).toHaveValue(fromB);
    await b.getByRole('button', { name: 'Save changes' }).click();
    await expect(b).toHaveURL(new RegExp(`/${k.kind}/${id}$`));

    const saved = await k.read(b, id);
    expect(saved[k.first.field]).toBe(fromA);
    expect(saved[k.second.field]).toBe(fromB);
  });
}

test('agents: Overwrite saves mine over theirs; Discard mine loads theirs', async ({ context }) => {
  const setup = await context.newPage();
  const id = await KINDS[0].create(setup);
  const a = await openEditor(context, 'agents', id);
  const b = await openEditor(context, 'agents', id);
  await field(a, 'Objective').fill('Objective from A');
  await a.getByRole('button', { name: 'Save changes' }).click();
  await expect(a).toHaveURL(new RegExp(`/agents/${id}$`));
  await field(b, 'Objective').fill('Objective from B');
  await b.getByRole('button', { name: 'Save changes' }).click();
  await b.getByTestId('save-conflict').getByRole('button', { name: 'Overwrite' }).click();
  await expect(b).toHaveURL(new RegExp(`/agents/${id}$`));
  expect((await KINDS[0].read(setup, id)).objective).toBe('Objective from B');

  const c = await openEditor(context, 'agents', id);
  await apiAs(setup.request, 'PUT', `/agents/${id}`, { ...(await KINDS[0].read(setup, id)), objective: 'Objective from elsewhere' });
  await field(c, 'Objective').fill('Objective from C');
  await c.getByRole('button', { name: 'Save changes' }).click();
  await c.getByTestId('save-conflict').getByRole('button', { name: 'Discard mine' }).click();
  await expect(field(c, 'Objective')).toHaveValue('Objective from elsewhere');
  await expect(c.getByRole('button', { name: 'Save changes' })).toBeDisabled();
});

test('agents: a save made offline says so and keeps the form; saving again online saves exactly once', async ({ context }, testInfo) => {
  const setup = await context.newPage();
  const id = await KINDS[0].create(setup);
  const before = await versionCount(setup, 'agents', id);
  const page = await openEditor(context, 'agents', id);
  await field(page, 'Objective').fill('Saved after the connection came back');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(/Cannot reach the server.*Your changes are still in the form/)).toBeVisible();
  await snap(page, testInfo, 'save-offline');
  await expect(field(page, 'Objective')).toHaveValue('Saved after the connection came back');
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  await context.setOffline(false);
  // Nothing replays by itself when the connection returns.
  expect(await versionCount(setup, 'agents', id)).toBe(before);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${id}$`));
  expect(await versionCount(setup, 'agents', id)).toBe(before + 1);
  expect((await KINDS[0].read(setup, id)).objective).toBe('Saved after the connection came back');
});

test('a creation made offline is created exactly once when saved again', async ({ context }) => {
  const page = await context.newPage();
  await page.goto('/knowledge-bases/new');
  const name = unique('Offline KB');
  await field(page, 'Name').fill(name);
  await field(page, 'Description').fill('Made while offline');
  await field(page, 'Text').fill('Some text');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Create knowledge base' }).click();
  await expect(page.getByText(/Cannot reach the server/)).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Create knowledge base' }).click();
  await expect(page).toHaveURL(/\/knowledge-bases\/[^/]+$/);
  const all = await apiAs<{ name: string }[]>(page.request, 'GET', '/knowledge-bases');
  expect(all.filter((kb) => kb.name === name)).toHaveLength(1);
});
