// First run: no company exists, so the console opens on the setup page; setting up signs the
// administrator in. Their cookies are kept for the other specs.
import { expect, test } from '@playwright/test';
import { ADMIN, STORAGE_STATE, expectAccessible, snap } from './fixtures';

test('first-run setup creates the company and lands signed in', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole('heading', { name: 'Set up your console' })).toBeVisible();
  await expectAccessible(page, testInfo, 'setup');
  await snap(page, testInfo, 'setup');

  // The form checks its fields with the API's schema before sending.
  await page.getByRole('button', { name: 'Create company and sign in' }).click();
  await expect(page.getByLabel('Company name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Company name').fill(ADMIN.company);
  await page.getByLabel('Your name').fill(ADMIN.name);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Create company and sign in' }).click();
  await expect(page.locator('#password-error')).toContainText('at least 10 characters');

  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('Confirm password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Create company and sign in' }).click();

  // Setting up lands on the home page, whose checklist shows the order that works (issue 9).
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('signed-in-name')).toHaveText(ADMIN.name);
  await expect(page.getByRole('heading', { name: 'Get started' })).toBeVisible();
  await page.getByRole('link', { name: 'Agents', exact: true }).click();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(page.getByRole('link', { name: 'Agents', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('No agents yet')).toBeVisible();
  await snap(page, testInfo, 'agents-empty');

  // The tokens live in httpOnly cookies: the page's scripts cannot read them.
  expect(await page.evaluate(() => document.cookie)).toBe('');
  const cookies = await page.context().cookies();
  expect(cookies.filter((c) => c.name.startsWith('aoc_')).every((c) => c.httpOnly && c.sameSite === 'Lax')).toBe(true);

  // Once set up, the setup page is gone.
  await page.goto('/setup');
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto('/agents');
  await page.context().storageState({ path: STORAGE_STATE });
});
