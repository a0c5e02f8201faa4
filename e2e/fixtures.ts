// Shared by the browser tests: the first administrator, screenshots, the accessibility check,
// and API calls made with the signed-in browser's own session (cookies + console header).
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page, type Request, type TestInfo } from '@playwright/test';
import path from 'node:path';

import { SCREENSHOTS_DIR } from './paths';

export { STORAGE_STATE } from './paths';

export const ADMIN = {
  company: 'Acme Robotics',
  name: 'Ada Lovelace',
  email: 'ada@acme.test',
  password: 'correct horse battery',
};

/** A full-page screenshot under <output>/screenshots/ (test-results by default), attached to the report too. */
export async function snap(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = path.join(SCREENSHOTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/**
 * Waits until React has hydrated `locator`'s element (React keeps its props on the element once it
 * owns it). For a test whose premise is a live page, e.g. a console link that navigates in place:
 * clicked before, a link is the browser's own and loads a new document (decision 106).
 */
export async function live(locator: Locator): Promise<Locator> {
  await expect.poll(() => locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps$'))), { timeout: 30_000 }).toBe(true);
  return locator;
}

/** axe on the current page: no serious or critical violation. */
export async function expectAccessible(page: Page, testInfo: TestInfo, label: string): Promise<void> {
  // Measure settled colours: wait for finite animations (toasts and dialogs fading in) to end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Next.js streams the page's metadata: give the <title> a moment to land (axe then still reports a page without one).
  await page.waitForFunction(() => document.title.trim() !== '', null, { timeout: 30_000 }).catch(() => undefined);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (results.violations.length) {
    await testInfo.attach(`axe-${label}.json`, { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
  }
  expect(
    severe.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary?.replace(/\s+/g, ' ')})`).join('; ')}`),
    `serious/critical accessibility violations on ${label}`,
  ).toEqual([]);
}

const CONSOLE = { 'x-requested-with': 'console' };

/** Calls the API as the browser's signed-in person (the context's cookies + the console header). */
export async function apiAs<T = unknown>(request: APIRequestContext, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`/api${url}`, { method, headers: CONSOLE, data });
  const body = await res.json().catch(() => undefined);
  if (!res.ok()) throw new Error(`${method} ${url} answered ${res.status()}: ${JSON.stringify(body)}`);
  return (Array.isArray(body) ? body : (body?.data ?? body)) as T;
}

let counter = 0;
/** A name unique within the run. */
export const unique = (base: string): string => `${base} ${Date.now().toString(36)}${++counter}`;

/** A body for POST/PUT /api/agents with every field the API requires, and `fields` over it. */
export const agentBody = (model: string, fields: Record<string, unknown> = {}) => ({
  name: unique('Agent'),
  enabled: true,
  model,
  auto: false,
  reasoning: false,
  publisher: 'e2e',
  temperature: 0.3,
  role: 'Role',
  objective: 'Objective',
  referencies: 'None',
  'can.delegate': false,
  can_code: false,
  multimodal: false,
  sectors: [],
  tools: [],
  knowledgeBases: [],
  ...fields,
});

/** A body for POST /api/squads: a sequential, enabled squad of `tasks` without a planner, and `fields` over it. */
export const squadBody = (name: string, tasks: unknown[], fields: Record<string, unknown> = {}) => ({
  squad: { name, order: 'sequential', enabled: true, do_plan: false, sectors: [], publisher: 'e2e', tasks, ...fields },
});

/**
 * Deletes `name` from its detail page (its Delete button, then the dialog's): back on the list at
 * `path`, a toast, no row of it, and the API answers 404 for `id`.
 */
export async function deleteFromDetail(page: Page, { path, noun, name, id }: { path: string; noun: string; name: string; id: string }): Promise<void> {
  await page.getByRole('button', { name: `Delete ${noun} ${name}` }).click();
  await page.getByRole('dialog', { name: `Delete ${noun} “${name}”?` }).getByRole('button', { name: `Delete ${noun}` }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByText(`Deleted ${noun} “${name}”`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  const missing = await page.request.get(`/api${path}/${id}`, { headers: { 'x-requested-with': 'console' } });
  expect(missing.status()).toBe(404);
}

/** The page does not scroll sideways at the viewport's width. */
export async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/**
 * A list page's filters around `row` (the row of `name`): a search that matches nothing says so,
 * Clear filters, then the row's sector and its name keep it.
 */
export async function checkListFilters(page: Page, row: Locator, { search, noun, name, sector }: { search: string; noun: string; name: string; sector: string }): Promise<void> {
  // The filters are the page's own: written to the address without asking the server for the
  // page again (a navigation's request carries `rsc: 1`; a link's prefetch says so).
  const path = new URL(page.url()).pathname;
  const navigations: string[] = [];
  const onRequest = (request: Request) => {
    const headers = request.headers();
    if (headers['rsc'] === '1' && !headers['next-router-prefetch'] && new URL(request.url()).pathname === path) navigations.push(request.url());
  };
  page.on('request', onRequest);
  await page.getByLabel(search).fill(`no ${noun} is called this`);
  await expect(page.getByText(`No ${noun} matches`)).toBeVisible();
  // Its picture is drawn, not a character that not every system's fonts have (components/ui/icons.tsx).
  await expect(page.locator('.state', { hasText: `No ${noun} matches` }).locator('.state-icon svg')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('Sector').selectOption(sector);
  await page.getByLabel(search).fill(name);
  await expect(row).toBeVisible();
  // The search reaches the address last (after a short pause).
  await expect(page).toHaveURL(/[?&]q=/);
  page.off('request', onRequest);
  expect(navigations).toEqual([]);
}

/** Disables `name` with the switch in its list row: off at once, with its toast. */
export async function switchOffInRow(page: Page, row: Locator, name: string): Promise<void> {
  const toggle = row.getByRole('switch', { name: `Enabled: ${name}` });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText(`“${name}” disabled`)).toBeVisible();
}
