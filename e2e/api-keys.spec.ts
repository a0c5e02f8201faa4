// API keys: created in Settings (shown once), used by a program (a direct request, as curl
// would), revoked in Settings, then refused.
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
  await page.getByRole('button', { name: 'Create key' }).click();
  const secret = (await page.getByTestId('new-api-key').textContent())!.trim();
  expect(secret).toMatch(/^aok_/);
  await expect(page.getByRole('button', { name: 'Copy key' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Active');
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
  await expect(page.getByRole('row', { name: new RegExp(name) })).not.toContainText('Never');

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
    await route.fulfill({ response, json: Array.isArray(body) ? [] : { ...body, data: [] } });
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
