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

// Issue 22: no serious or critical axe finding at 1280 and 390 px, in light and dark, with the
// parts that open on click open ("Try it out" run, an operation's body, responses and schema);
// table headers and values do not overlap; in dark mode the reference is readable.
for (const theme of ['light', 'dark'] as const) {
  test(`the API reference is accessible in ${theme} mode at 1280 and 390 px, opened parts included`, async ({ page }, testInfo) => {
    test.setTimeout(600_000);
    await page.addInitScript(`localStorage.setItem('aoc-theme', '${theme}')`);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto('/docs');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.locator('.opblock').first()).toBeVisible({ timeout: RENDER_TIMEOUT });
      // Try it out, run: the request URL, the response table and its body are shown.
      const session = page.locator('.opblock-get', { has: page.locator('[data-path="/session"]') });
      await session.locator('.opblock-summary-control').click();
      await session.getByRole('button', { name: 'Try it out' }).click();
      await session.getByRole('button', { name: 'Execute' }).click();
      await expect(session.locator('.live-responses-table tr.response .response-col_status').first()).toHaveText(/200/, { timeout: 30_000 });
      // An operation with a body and parameters, opened.
      const create = page.locator('.opblock-post', { has: page.locator('[data-path="/agents"]') });
      await create.locator('.opblock-summary-control').click();
      await expect(create.locator('.responses-table').first()).toBeVisible();
      // A schema ("model"), opened from the request body's Schema tab (the page lists no
      // separate Schemas section: defaultModelsExpandDepth -1).
      await create.locator('button[data-name="model"]').first().click();
      await expect(create.locator('.model-box').first()).toBeVisible();
      await create.locator('.model-box .model-toggle').first().click().catch(() => undefined);

      // Headers and values of the tables do not overlap: each row's cells sit side by side.
      const overlaps = await page.evaluate(() => {
        const found: string[] = [];
        for (const row of document.querySelectorAll('.swagger-ui table tr')) {
          const cells = [...row.children].map((c) => c.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
          for (let i = 1; i < cells.length; i++) {
            if (cells[i]!.left < cells[i - 1]!.right - 1 && cells[i]!.top < cells[i - 1]!.bottom - 1) found.push((row.textContent ?? '').slice(0, 60));
          }
        }
        return found;
      });
      expect(overlaps, 'table cells drawn over each other').toEqual([]);
      // Swagger UI's own dark text sits on a light surface in both themes.
      const surface = await page.locator('.swagger-host').evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(surface).toBe('rgb(255, 255, 255)');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await expectAccessible(page, testInfo, `docs-${theme}-${width}`);
      await snap(page, testInfo, `docs-${theme}-${width}-opened`);
    }
  });
}
