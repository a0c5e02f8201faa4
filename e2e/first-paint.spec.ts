// First paint (issue 9, decision 019): a list page opened directly arrives with its rows in the
// server's HTML (no loading skeleton), and a list's row links do not prefetch their pages.
import { expect, test, type Page } from '@playwright/test';
import { agentBody, apiAs, unique } from './fixtures';

const COUNT = 50;

async function seedAgents(page: Page): Promise<{ prefix: string; ids: string[]; names: string[] }> {
  const prefix = unique('Paint');
  const model = await apiAs<{ id: string }>(page.request, 'POST', '/ai-models', {
    model: { name: `${prefix} model`, sectors: [], description: 'First paint', enabled: true, provider: 'mistral', model: 'mistral-large' },
  });
  const names = Array.from({ length: COUNT }, (_, i) => `${prefix} agent ${String(i).padStart(2, '0')}`);
  const ids: string[] = [];
  for (const name of names) {
    const agent = await apiAs<{ id: string }>(page.request, 'POST', '/agents', agentBody(model.id, { name, role: 'Fills a list', objective: 'Be listed' }));
    ids.push(agent.id);
  }
  return { prefix, ids, names };
}

let seeded: { prefix: string; ids: string[]; names: string[] };

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage();
  seeded = await seedAgents(page);
  await page.close();
});

const listUrl = () => `/agents?q=${encodeURIComponent(seeded.prefix)}&size=${COUNT}`;

test('the agents list is in the server HTML of /agents', async ({ page }) => {
  const res = await page.request.get(listUrl());
  expect(res.status()).toBe(200);
  const html = await res.text();
  for (const name of seeded.names) expect(html).toContain(name);
  expect(html).toContain(`/agents/${seeded.ids[0]}`);
});

test('opening /agents directly shows the table at once, with no loading skeleton and no hydration error', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(listUrl(), { waitUntil: 'domcontentloaded' });
  // What the server sent: the rows, before any data request could answer.
  expect(await page.evaluate(() => document.querySelectorAll('table tbody tr').length)).toBe(COUNT);
  // React streams a Suspense boundary whose content is over 12.8 kB (its progressive chunk size;
  // the list's boundary, components/console/KindView.tsx) after its fallback, with the content
  // right behind it in the same HTML, and swaps them at a later frame: at DOMContentLoaded the swap
  // may not have happened yet (a clean-clone run saw the 50 rows and the fallback's 4 skeleton
  // lines). So the skeleton is checked once the page has had its frames, not at an instant.
  await expect(page.locator('.skeleton, [aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState('load');
  await expect(page.getByRole('link', { name: seeded.names[COUNT - 1], exact: true })).toBeVisible();
  // The hydrated page keeps its rows and reacts (the search filters in the browser).
  await page.getByRole('searchbox').first().fill(`${seeded.prefix} agent 07`);
  await expect(page.locator('table tbody tr')).toHaveCount(1);
  expect(errors.filter((e) => /hydrat/i.test(e))).toEqual([]);
});

test('a list of 50 agents makes no RSC prefetch of its rows; the navigation still prefetches', async ({ page }) => {
  const rsc: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('_rsc=')) rsc.push(new URL(request.url()).pathname);
  });
  await page.goto(listUrl());
  await expect(page.locator('table tbody tr')).toHaveCount(COUNT);
  // Every row has been in the viewport, and the browser has been idle long enough to prefetch.
  await page.mouse.wheel(0, 20_000);
  await page.waitForTimeout(1500);
  await page.mouse.wheel(0, -20_000);
  await page.waitForTimeout(1500);
  const rows = new Set(seeded.ids.flatMap((id) => [`/agents/${id}`, `/agents/${id}/edit`]));
  expect(rsc.filter((path) => rows.has(path))).toEqual([]);
  expect(rsc.some((path) => path === '/squads' || path === '/tools')).toBe(true);
});

test('an unusable session cookie falls back to loading in the browser, without an error', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  await context.addCookies([{ name: 'aoc_session', value: 'not-a-token', url: baseURL! }]);
  const res = await context.request.get(listUrl());
  expect(res.status()).toBe(200);
  expect(await res.text()).not.toContain(seeded.names[0]);
  await context.close();
});

// Decisions 028 and 099: react-query is not on a list page's way to usable: with the server's rows
// (and the session) in the page, it is asked for only at the person's first action. While its chunk
// is held back, the list is usable from the server's rows, the shell names the person, and a
// switch pressed shows pending; once the chunk arrives, the change is saved (with its toast).
test('a list works before react-query has arrived; a switch pressed meanwhile is saved once it has', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let heldBack = 0;
  await page.route('**/_next/static/chunks/**/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    // react-query's client (query-core) names its default options in its code.
    if (body.includes('refetchOnWindowFocus')) {
      heldBack++;
      await held;
    }
    await route.fulfill({ response, body });
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(listUrl(), { waitUntil: 'domcontentloaded' });
  // The session came with the page: the shell names the person with no request.
  await expect(page.getByTestId('signed-in-name')).not.toHaveText('Loading…');
  // Nothing asks for react-query before the person acts (a held request would keep the network busy).
  await page.waitForLoadState('networkidle');
  expect(heldBack).toBe(0);
  const search = page.getByRole('searchbox').first();
  await search.fill(`${seeded.prefix} agent 03`);
  // The first key or focus asks for it.
  await expect.poll(() => heldBack).toBeGreaterThan(0);
  await expect(page.locator('table tbody tr')).toHaveCount(1);
  const toggle = page.getByRole('switch', { name: `Enabled: ${seeded.names[3]}` });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByText(`“${seeded.names[3]}” disabled`)).toBeVisible();
  await expect(toggle).not.toBeChecked();
  const agent = await apiAs<{ Agent: { enabled: boolean } }>(page.request, 'GET', `/agents/${seeded.ids[3]}`);
  expect(agent.Agent.enabled).toBe(false);
  expect(errors).toEqual([]);
});
