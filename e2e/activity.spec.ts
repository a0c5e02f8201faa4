// Activity (D12): the owner filters the company's events by kind and action, follows a change to
// its version diff, and exports the filtered events as CSV with progress.
import { expect, test } from '@playwright/test';
import { apiAs, expectAccessible, noSidewaysScroll, snap, unique } from './fixtures';

test('the activity is filtered, links to a version diff, and exports', async ({ page, context }, testInfo) => {
  const name = unique('Audited tool');
  const tool = await apiAs<{ id: string }>(context.request, 'POST', '/tools', {
    tool: { name, description: 'before', sectors: [], publisher: 'e2e', enabled: true, environments: [] },
  });
  await apiAs(context.request, 'PUT', `/tools/${tool.id}`, { description: 'after' });

  await page.goto('/activity');
  await expect(page.getByRole('heading', { name: 'Activity', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Activity' })).toHaveAttribute('aria-current', 'page');

  await page.getByLabel('Kind').selectOption('tools');
  await page.getByLabel('Action').selectOption('updated');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('updated');
  // The filters live in the address: a reload shows the same events.
  await expect(page).toHaveURL(/kind=tools/);
  await page.reload();
  await expect(page.getByLabel('Kind')).toHaveValue('tools');
  await expect(row).toHaveCount(1);
  await expectAccessible(page, testInfo, 'activity');
  await snap(page, testInfo, 'activity');

  // A filter nothing matches says so.
  await page.getByLabel('Action').selectOption('restored');
  await page.getByLabel('From (day)').fill('2000-01-01');
  await page.getByLabel('To (day, included)').fill('2000-01-02');
  await expect(page.getByText('No event matches these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await page.getByLabel('Kind').selectOption('tools');
  await page.getByLabel('Action').selectOption('updated');

  // The export streams the filtered events and saves them.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText(/Exported \d+ events? as CSV/)).toBeVisible();

  // The change opens its diff: version 1 to version 2 of the tool.
  await row.getByRole('link', { name: `${name}: version 2 diff` }).click();
  await expect(page).toHaveURL(new RegExp(`/tools/${tool.id}\\?tab=history&from=1&to=2`));
  await expect(page.getByRole('heading', { name: 'Compare versions' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'From', exact: true })).toHaveValue('1');
  await expect(page.getByRole('combobox', { name: 'To', exact: true })).toHaveValue('2');
  await expect(page.getByText('after').first()).toBeVisible();
});

test('the person filter offers every member, not only the people in the loaded events', async ({ page, context, browser }) => {
  const tag = unique('quiet').replace(/\W+/g, '-');
  const name = `Quinn Quiet ${tag}`;
  const invitation = await apiAs<{ url: string }>(context.request, 'POST', '/invitations', { email: `quinn-${tag}@acme.test`, role: 'viewer' });
  // Quinn joins in a browser of its own, then does nothing the tools filter below could show.
  const quinn = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const joined = await quinn.request.post('/api/invitations/accept', {
    headers: { 'x-requested-with': 'console' },
    data: { token: new URL(invitation.url).searchParams.get('token'), name, password: 'a long enough password 1' },
  });
  expect(joined.status()).toBe(200);
  await quinn.close();
  const toolName = unique('Filtered tool');
  await apiAs(context.request, 'POST', '/tools', { tool: { name: toolName, description: 'd', sectors: [], publisher: 'e2e', enabled: true, environments: [] } });

  // Only tool changes are loaded, none of them Quinn's: Quinn is offered all the same.
  await page.goto('/activity?kind=tools');
  await expect(page.getByRole('row', { name: new RegExp(toolName) })).toHaveCount(1);
  await expect(page.getByRole('cell', { name: new RegExp(name) })).toHaveCount(0);
  const person = page.getByLabel('Person or key');
  await expect(person.getByRole('option', { name, exact: true })).toHaveCount(1);
  await person.selectOption({ label: name });
  await expect(page).toHaveURL(/actor=/);
  await expect(page.getByText('No event matches these filters')).toBeVisible();
  // Without the kind filter, Quinn's own event (joining) is there.
  await page.getByLabel('Kind').selectOption('');
  await expect(page.getByRole('row', { name: /member-joined/ }).first()).toBeVisible();
});

test.describe('looks', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(colorScheme, () => {
      test.use({ colorScheme });
      test(`the Activity page at 1280 and 390 px, ${colorScheme}`, async ({ page, context }, testInfo) => {
        await apiAs(context.request, 'POST', '/tools', { tool: { name: unique('Looked-at tool'), description: 'd', sectors: [], publisher: 'e2e', enabled: true, environments: [] } });
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
          await page.goto('/activity');
          await expect(page.getByRole('button', { name: 'Save retention' })).toBeVisible();
          await expect(page.getByRole('button', { name: 'Load more' }).or(page.getByText(/^(All \d+ events|The only event)$/))).toBeVisible();
          await noSidewaysScroll(page);
          await expectAccessible(page, testInfo, `activity-${colorScheme}-${width}`);
          await snap(page, testInfo, `activity-${colorScheme}-${width}`);
        }
      });
    });
  }
});
