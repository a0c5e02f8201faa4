// /docs: the API reference renders the generated OpenAPI document with Swagger UI served from this
// origin (no CDN), under the console's Content-Security-Policy with no violation, readable and
// accessible at 1280 and 390 px, and "Try it out" runs as the signed-in person.
import { expect, test, type ConsoleMessage } from '@playwright/test';
import { expectAccessible, snap } from './fixtures';

// Swagger UI resolves an OpenAPI 3.1 document with ApiDOM, which is slow: seconds on an idle
// machine, up to a minute on a loaded one (decision 015). Hence the long waits.
const RENDER_TIMEOUT = 120_000;

test('the API reference renders every operation, offline and within the CSP', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(300_000);
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || /Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith('data:')) foreign.push(request.url());
  });

  await page.goto('/docs');
  await expect(page.getByRole('link', { name: 'API reference' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'API reference', level: 1 })).toBeVisible();
  const operations = page.locator('.opblock');
  await expect(operations.first()).toBeVisible({ timeout: RENDER_TIMEOUT });
  const getAgents = page.locator('.opblock-get', { has: page.locator('[data-path="/agents"]') });
  await expect(getAgents).toContainText('GET');
  await expect(getAgents).toContainText('/agents');
  const count = await operations.count();
  const document = await (await page.request.get('/api/openapi.json')).json();
  const expected = Object.values(document.paths as Record<string, object>).reduce((n, item) => n + Object.keys(item).length, 0);
  expect(count).toBe(expected);

  await expectAccessible(page, testInfo, 'docs-1280');
  await snap(page, testInfo, 'docs-1280');

  // Try it out: GET /session runs with the session cookie and the console header.
  await page.locator('.opblock-get', { has: page.locator('[data-path="/session"]') }).locator('.opblock-summary-control').click();
  await page.getByRole('button', { name: 'Try it out' }).click();
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(page.locator('.live-responses-table tr.response .response-col_status').first()).toHaveText(/200/, { timeout: 30_000 });

  // At 390 px nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(operations.first()).toBeVisible({ timeout: RENDER_TIMEOUT });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(page, testInfo, 'docs-390');

  expect(problems, 'console errors or CSP violations').toEqual([]);
  expect(foreign, 'requests to other origins').toEqual([]);
});

test('the document is served without a credential', async ({ playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const res = await anonymous.get('/api/openapi.json');
  expect(res.status()).toBe(200);
  expect((await res.json()).openapi).toMatch(/^3\.1\./);
  await anonymous.dispose();
});
