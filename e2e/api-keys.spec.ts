// API keys: created in Settings with a role and an expiry (shown once), used by a program (a
// direct request, as curl would), rolled with a grace period, revoked in Settings, then refused.
import { expect, test } from '@playwright/test';
import { expectAccessible, snap, unique } from './fixtures';

test('an API key is created, used, revoked and then refused', async ({ page, playwright, baseURL }, testInfo) => {
  await page.goto('/settings/api-keys');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'API keys', exact: true })).toBeVisible();

  // The name is required (the API's schema, checked in the form).
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.locator('#key-name-error')).toContainText('Must not be empty');

  const name = unique('CI pipeline');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Role').selectOption('editor');
  await page.getByLabel('Expires').selectOption('30');
  await page.getByRole('button', { name: 'Create key' }).click();
  const secret = (await page.getByTestId('new-api-key').textContent())!.trim();
  expect(secret).toMatch(/^aok_[0-9A-Za-z]{38}$/);
  await expect(page.getByRole('button', { name: 'Copy key' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Editor');
  await expect(row).toContainText(/in 30 days|in 4 weeks|in 1 month|next month/);
  await expectAccessible(page, testInfo, 'api-keys-created');
  await snap(page, testInfo, 'api-keys-created');

  // Once dismissed, the secret is gone from the page for good.
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByTestId('new-api-key')).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);

  // A program uses it: no cookies, only the key and then the token.
  const program = await playwright.request.newContext({ baseURL });
  const issued = await program.get('/api/authentication/generate-access-token', { headers: { authorization: `ApiKey ${secret}` } });
  expect(issued.status()).toBe(200);
  const { idToken } = (await issued.json()).data;
  const agents = await program.get('/api/agents', { headers: { authorization: idToken } });
  expect(agents.status()).toBe(200);
  expect(Array.isArray(await agents.json())).toBe(true);

  await page.reload();
  await expect(row).not.toContainText('Never');
  await expect(row).toContainText(/from \S+/);

  // Revoked in the console...
  await page.getByRole('button', { name: `Revoke API key ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Revoke API key “${name}”?` });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, testInfo, 'api-keys-revoke-dialog');
  await snap(page, testInfo, 'api-keys-revoke-dialog');
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`API key “${name}” revoked`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Revoked');
  await snap(page, testInfo, 'api-keys');

  // ...and refused from then on: the token issued for it and the key itself.
  expect((await program.get('/api/agents', { headers: { authorization: idToken } })).status()).toBe(401);
  expect((await program.get('/api/authentication/generate-access-token', { headers: { authorization: `ApiKey ${secret}` } })).status()).toBe(401);
  await program.dispose();
});

test('with no key yet the list says so and points at the form, like the other lists (issue 9.7)', async ({ page }, testInfo) => {
  // The company of this run may hold keys already: the list answer is emptied on its way in.
  await page.route('**/api/api-keys', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, data: { items: [] } } });
  });
  await page.goto('/settings/api-keys');
  const list = page.getByRole('region', { name: 'Your company’s keys' });
  await expect(list.getByRole('heading', { name: 'No API keys yet' })).toBeVisible();
  await expect(list).toContainText('needs a key to call the API');
  // Its picture is drawn: no font lacks it (a missing glyph was the "empty box").
  await expect(list.locator('.state-icon svg')).toBeVisible();
  await expect(list.getByRole('table')).toHaveCount(0);
  // The empty state is a real block, not an empty box: it has the height of the other lists' empty states.
  const box = (await list.boundingBox())!;
  expect(box.height).toBeGreaterThan(200);
  await list.getByRole('button', { name: 'Create your first key' }).click();
  await expect(page.getByLabel('Name')).toBeFocused();
  await expectAccessible(page, testInfo, 'api-keys-empty');
  await snap(page, testInfo, 'api-keys-empty');
});

test('a key is made with a date of expiry, then rolled: the new secret shown once, the old key kept for the grace chosen', async ({ page, playwright, baseURL }, testInfo) => {
  await page.goto('/settings/api-keys');
  const name = unique('Billing export');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Role').selectOption('viewer');
  await page.getByLabel('Expires').selectOption('custom');
  // A day in the past cannot be sent: the API's own rule, checked in the form.
  await page.getByLabel('Expiry date').fill('2020-01-01');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.locator('#key-expiry-error')).toContainText('Must be in the future');
  await page.getByLabel('Expiry date').fill(`${new Date().getFullYear() + 2}-06-30`);
  await page.getByRole('button', { name: 'Create key' }).click();
  const first = (await page.getByTestId('new-api-key').textContent())!.trim();
  await page.getByRole('button', { name: 'I have copied it' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Viewer');
  await expect(row).toContainText(/in (2|3) years|in \d+ months/);

  // Roll it with an hour's grace: the dialog names what happens to the old key.
  await page.getByRole('button', { name: `Roll key ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Roll API key “${name}”?` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('None').check();
  await expect(dialog.getByTestId('roll-consequence')).toContainText('stop working at once');
  await dialog.getByLabel('1 hour').check();
  await expect(dialog.getByTestId('roll-consequence')).toContainText('keeps working for 1 hour');
  await expectAccessible(page, testInfo, 'api-keys-roll-dialog');
  await snap(page, testInfo, 'api-keys-roll-dialog');
  await dialog.getByRole('button', { name: 'Roll key' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`API key “${name}” rolled`)).toBeVisible();
  const second = (await page.getByTestId('new-api-key').textContent())!.trim();
  expect(second).toMatch(/^aok_[0-9A-Za-z]{38}$/);
  expect(second).not.toBe(first);
  await expect(page.getByTestId('replaced-key')).toContainText('keeps working until');
  await snap(page, testInfo, 'api-keys-rolled');

  // Both work for now: the old one within its grace, the new one from the start.
  const program = await playwright.request.newContext({ baseURL });
  for (const key of [first, second]) {
    expect((await program.get('/api/authentication/generate-access-token', { headers: { authorization: `ApiKey ${key}` } })).status()).toBe(200);
  }
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByTestId('new-api-key')).toHaveCount(0);
  // Two keys of that name now: the replacement and the old one, which ends within the hour.
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(2);
  await expect(page.getByRole('row', { name: new RegExp(name) }).filter({ hasText: /in (1 hour|60 minutes|59 minutes)/ })).toHaveCount(1);

  // Rolling the new one with no grace ends it at once.
  await page.getByRole('button', { name: `Roll key ${name}` }).first().click();
  await dialog.getByLabel('None').check();
  await dialog.getByRole('button', { name: 'Roll key' }).click();
  await expect(page.getByTestId('replaced-key')).toContainText('was revoked');
  expect((await program.get('/api/authentication/generate-access-token', { headers: { authorization: `ApiKey ${second}` } })).status()).toBe(401);
  await program.dispose();
});
