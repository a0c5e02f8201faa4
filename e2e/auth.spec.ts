// Sign-in, sign-out, and a session that outlives its access token without the person noticing.
import { expect, test } from '@playwright/test';
import { ADMIN, expectAccessible, snap } from './fixtures';

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('sign-in refuses a wrong password, then signs in and returns to the asked page', async ({ page }, testInfo) => {
    await page.goto('/settings/api-keys');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fsettings%2Fapi-keys$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page, testInfo, 'sign-in');
    await snap(page, testInfo, 'sign-in');

    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password' })).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in/);

    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/settings\/api-keys$/);
    await expect(page.getByTestId('signed-in-name')).toHaveText(ADMIN.name);
  });

  test('signing in hands the person to the console: it shows them without asking /api/session again', async ({ page }) => {
    await page.goto('/sign-in?next=%2Fagents');
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/session') asked.push(r.method());
    });
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/agents$/);
    await expect(page.getByTestId('signed-in-name')).toHaveText(ADMIN.name);
    await expect(page.getByRole('heading', { name: 'Agents', level: 1 })).toBeVisible();
    expect(asked).toEqual([]);
  });

  test('sign-in never sends the person to another origin, however `next` is dressed up', async ({ context, baseURL }) => {
    test.slow(); // five whole sign-ins, each on a page of its own
    const origin = new URL(baseURL!).origin;
    for (const next of ['%2F%09%2Fevil.example%2Fphish', '%2F%0A%2Fevil.example%2Fphish', '%2F%0D%0A%2Fevil.example%2Fphish', '%2F.%2F%2Fevil.example', '%2F%5Cevil.example']) {
      // A page of its own each round: the last one, its session cleared, heads for the sign-in page
      // by itself, and that navigation would cut this round's short (net::ERR_ABORTED).
      const page = await context.newPage();
      await page.goto(`/sign-in?next=${next}`);
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByTestId('signed-in-name')).toHaveText(ADMIN.name);
      expect(new URL(page.url()).origin, next).toBe(origin);
      expect(new URL(page.url()).pathname, next).toBe('/');
      await context.clearCookies();
      await page.close();
    }
  });

  test('sign-out ends the session', async ({ page }, testInfo) => {
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(ADMIN.email.toUpperCase());
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
    const before = await page.context().cookies();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in\?signed-out=1$/);
    await expect(page.getByRole('status').filter({ hasText: 'You are signed out.' })).toBeVisible();
    await snap(page, testInfo, 'signed-out');
    // The session's cookies are gone; the device cookie stays: it marks this browser as one the
    // person signed in with, not a session (decision 009).
    expect((await page.context().cookies()).filter((c) => c.name.startsWith('aoc_') && c.name !== 'aoc_device')).toEqual([]);

    // The retired tokens are refused even if someone kept a copy of the cookies.
    await page.context().addCookies(before);
    const res = await page.request.get('/api/session', { headers: { 'x-requested-with': 'console' } });
    expect(res.status()).toBe(401);
    const refresh = await page.request.post('/api/session/refresh', { headers: { 'x-requested-with': 'console' } });
    expect(refresh.status()).toBe(401);
  });
});

test('the session survives a reload and refreshes its lapsed access token unnoticed', async ({ page }) => {
  await page.goto('/agents');
  await expect(page.getByTestId('signed-in-name')).toHaveText(ADMIN.name);
  await page.reload();
  await expect(page.getByTestId('signed-in-name')).toHaveText(ADMIN.name);

  // Drop the access cookie as if it had expired: the next call refreshes and carries on.
  const cookies = await page.context().cookies();
  await page.context().clearCookies();
  await page.context().addCookies(cookies.filter((c) => c.name !== 'aoc_session'));
  await page.getByRole('link', { name: 'Settings' }).click();
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/session/refresh') && r.status() === 200);
  await page.getByRole('link', { name: 'API keys →' }).click();
  await refreshed;
  await expect(page.getByRole('heading', { name: 'API keys', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your company’s keys' })).toBeVisible();
  expect((await page.context().cookies()).some((c) => c.name === 'aoc_session')).toBe(true);
});

test('no other origin can frame the signed-in console', async ({ page, baseURL }) => {
  // Another origin on the same host: 127.0.0.1 and localhost are different origins.
  const target = new URL('/settings/api-keys', baseURL!);
  target.hostname = target.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  const res = await page.request.get(target.toString());
  expect(res.headers()['x-frame-options']).toBe('DENY');
  expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await page.setContent(`<iframe title="framed" src="${new URL('/settings/api-keys', baseURL!)}" width="800" height="600"></iframe>`);
  await page.waitForTimeout(1500);
  const framed = page.frames().find((f) => f !== page.mainFrame());
  const text = framed ? await framed.evaluate(() => document.body?.innerText ?? '').catch(() => '') : '';
  expect(text).not.toContain('Create key');
  expect(text).not.toContain('Sign out');
});
