// Every console page, at 1280 px and at 390 px: it renders, the navigation shows where you are,
// axe finds no serious or critical violation, and a screenshot is kept for review.
import { expect, test } from '@playwright/test';
import { apiAs, expectAccessible, snap, unique } from './fixtures';

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
] as const;

test('every page is accessible and readable at 1280 and 390 px', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const model = await apiAs<{ id: string }>(page.request, 'POST', '/ai-models', {
    model: { name: unique('Page tour model'), sectors: [], description: 'For the page tour', enabled: true, provider: 'mistral', model: 'mistral-large' },
  });
  const agent = await apiAs<{ id: string }>(page.request, 'POST', '/agents', {
    name: unique('Page tour agent'),
    enabled: true,
    model: model.id,
    auto: false,
    reasoning: true,
    publisher: 'e2e',
    temperature: 0.2,
    role: 'Shows every page',
    objective: 'Be looked at',
    referencies: 'None',
    'can.delegate': false,
    can_code: false,
    multimodal: false,
    sectors: ['tour'],
    tools: [],
    knowledgeBases: [],
  });
  const box = (x: number) => ({ x, y: 40, width: 220, height: 90 });
  const squad = await apiAs<{ id: string }>(page.request, 'POST', '/squads', {
    squad: {
      name: unique('Page tour squad'),
      order: 'sequential',
      enabled: true,
      do_plan: true,
      sectors: ['tour'],
      publisher: 'e2e',
      tasks: [
        { id: 'look', agent: agent.id, name: 'Look around', objective: 'See every page', dependsOn: [], coordinates: box(40) },
        { id: 'report', agent: agent.id, name: 'Report', objective: 'Say what was seen', dependsOn: ['look'], coordinates: box(320) },
      ],
      planningAgent: { id: agent.id },
      supervisor: null,
    },
  });
  await apiAs(page.request, 'PUT', `/squads/${squad.id}/enable`, { enabled: false });

  const pages = [
    { path: '/agents', nav: 'Agents', heading: 'Agents', shot: 'agents-list' },
    { path: `/agents/${agent.id}`, nav: 'Agents', heading: /Page tour agent/, shot: 'agent-detail' },
    { path: '/agents/new', nav: 'Agents', heading: 'New agent', shot: 'agent-new-empty' },
    { path: `/agents/${agent.id}/edit`, nav: 'Agents', heading: /Edit “Page tour agent/, shot: 'agent-edit' },
    { path: '/settings/api-keys', nav: 'Settings', heading: 'API keys', shot: 'settings-api-keys' },
    { path: '/squads', nav: 'Squads', heading: 'Squads', shot: 'squads' },
    { path: '/squads/new', nav: 'Squads', heading: 'New squad', shot: 'squad-new-empty' },
    { path: `/squads/${squad.id}`, nav: 'Squads', heading: /Page tour squad/, shot: 'squad-detail' },
    { path: `/squads/${squad.id}/edit`, nav: 'Squads', heading: /Edit “Page tour squad/, shot: 'squad-edit' },
    { path: '/tools', nav: 'Tools', heading: 'Tools', shot: 'tools' },
    { path: '/tools/new', nav: 'Tools', heading: /^New/, shot: 'tool-new' },
    { path: '/knowledge-bases', nav: 'Knowledge bases', heading: 'Knowledge bases', shot: 'knowledge-bases' },
    { path: '/knowledge-bases/new', nav: 'Knowledge bases', heading: /^New/, shot: 'knowledge-base-new' },
    { path: '/ai-models', nav: 'AI models', heading: 'AI models', shot: 'ai-models' },
    { path: '/ai-models/new', nav: 'AI models', heading: /^New/, shot: 'ai-model-new' },
    { path: '/history/agents', nav: 'History', heading: 'History', shot: 'history-agents' },
    { path: '/history/squads', nav: 'History', heading: 'History', shot: 'history-squads' },
    { path: '/history/models', nav: 'History', heading: 'History', shot: 'history-models' },
  ];
  // Shot at 1280 px by their own specs already.
  const shotElsewhere = ['agents-list', 'agent-detail', 'agent-edit'];

  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const item of pages) {
      await test.step(`${item.path} at ${size.width} px`, async () => {
        await page.goto(item.path);
        await expect(page.getByRole('heading', { level: 1, name: item.heading })).toBeVisible();
        await expect(page.locator('[role="status"] .spinner')).toHaveCount(0);
        if (size.name === 'phone') {
          // The navigation folds into a menu; it opens and still marks the current page.
          await page.getByRole('button', { name: 'Menu' }).click();
        }
        await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: item.nav, exact: true })).toHaveAttribute('aria-current', 'page');
        if (size.name === 'phone') await page.getByRole('button', { name: 'Close' }).click();
        // Nothing is wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
        await expectAccessible(page, testInfo, `${item.shot}-${size.name}`);
        if (size.name === 'phone' || !shotElsewhere.includes(item.shot)) await snap(page, testInfo, `${item.shot}-${size.name}`);
      });
    }
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/agents');
  await page.getByRole('button', { name: 'Menu' }).click();
  await snap(page, testInfo, 'navigation-menu-phone');
});

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the sign-in page at 390 px', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, testInfo, 'sign-in-phone');
    await snap(page, testInfo, 'sign-in-phone');
  });
});
