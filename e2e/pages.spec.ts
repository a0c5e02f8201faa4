// Every console page, at 1280 px and at 390 px: it renders, the navigation shows where you are,
// no table scrolls sideways and no select's text is clipped, axe finds no serious or critical
// violation, and a screenshot is kept for review.
import { expect, test, type Page } from '@playwright/test';
import { apiAs, expectAccessible, snap, unique } from './fixtures';

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Every table that scrolls sideways and every select whose chosen text does not fit, on the current page. */
function overflowing(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const table of document.querySelectorAll('table')) {
      const box = table.parentElement!;
      if (table.scrollWidth > box.clientWidth || table.offsetWidth > box.clientWidth) {
        problems.push(`table "${table.caption?.textContent ?? ''}": ${table.scrollWidth} px wide in ${box.clientWidth} px`);
      }
    }
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const select of document.querySelectorAll('select')) {
      const style = getComputedStyle(select);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = select.selectedOptions[0]?.textContent ?? '';
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const needed = canvas.measureText(text).width;
      if (select.scrollWidth > select.clientWidth || needed > room + 0.5) {
        problems.push(`select "${select.labels[0]?.textContent ?? select.id}": "${text}" needs ${Math.ceil(needed)} px, has ${room} px`);
      }
    }
    return problems;
  });
}

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
    { path: '/', nav: 'Home', heading: /^Welcome/, shot: 'home' },
    { path: '/settings', nav: 'Settings', heading: 'Settings', shot: 'settings' },
    { path: '/agents', nav: 'Agents', heading: 'Agents', shot: 'agents-list' },
    { path: `/agents/${agent.id}`, nav: 'Agents', heading: /Page tour agent/, shot: 'agent-detail' },
    { path: '/agents/new', nav: 'Agents', heading: 'New agent', shot: 'agent-new-empty' },
    { path: `/agents/${agent.id}/edit`, nav: 'Agents', heading: /Edit “Page tour agent/, shot: 'agent-edit' },
    { path: '/settings/api-keys', nav: 'API keys', heading: 'API keys', shot: 'settings-api-keys' },
    { path: '/settings/members', nav: 'Members', heading: 'Members', shot: 'settings-members' },
    { path: '/settings/profile', nav: 'Settings', heading: 'Profile', shot: 'settings-profile' },
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
        // Nothing is wider than the screen; no table scrolls sideways, no select's text is clipped.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
        expect(await overflowing(page)).toEqual([]);
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

test('at 1280 px no list table scrolls sideways and no filter text is clipped, with long names and many sectors (issue 9.4)', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const sectors = ['customer-support', 'billing', 'onboarding', 'compliance', 'logistics'];
  const long = (base: string) => unique(`${base} (Northern Europe operations)`);
  const model = await apiAs<{ id: string }>(page.request, 'POST', '/ai-models', {
    model: { name: long('Multilingual support assistant'), sectors, description: 'Wide data', enabled: true, provider: 'openai', model: 'gpt-4o-mini-2024-07-18', apikey: `sk-proj-${'x'.repeat(48)}` },
  });
  await apiAs(page.request, 'POST', '/ai-models', {
    model: { name: long('Disabled reasoning model'), sectors: sectors.slice(0, 3), description: 'Wide data', enabled: false, provider: 'anthropic', model: 'claude-3-5-sonnet-20241022', apikey: `sk-ant-${'y'.repeat(60)}` },
  });
  const tool = await apiAs<{ id: string }>(page.request, 'POST', '/tools', {
    tool: { name: long('Invoice reconciliation lookup'), description: 'Wide data', sectors, publisher: 'Finance platform engineering', enabled: true, environments: ['development', 'staging', 'production'] },
  });
  const kb = await apiAs<{ id: string }>(page.request, 'POST', '/knowledge-bases', {
    knowledgeBase: { name: long('Refund and returns policy handbook'), description: 'Wide data', enabled: true, sectors, content: 'https://docs.example.com/policies/refunds-and-returns/2024/handbook', type: 'url', multimodal: true, tags: ['policy', 'refunds', 'returns', 'handbook'] },
  });
  const agent = await apiAs<{ id: string }>(page.request, 'POST', '/agents', {
    name: long('Senior billing dispute resolution agent'), enabled: true, model: model.id, auto: true, reasoning: true, publisher: 'Customer operations platform team', temperature: 0.4,
    role: 'Resolves disputes', objective: 'Settle them', referencies: 'None', 'can.delegate': true, can_code: false, multimodal: true, sectors, tools: [tool.id], knowledgeBases: [kb.id],
  });
  await apiAs(page.request, 'POST', '/squads', {
    squad: {
      name: long('Quarter-end financial close coordination squad'), order: 'hierarchical', enabled: true, do_plan: true, sectors, publisher: 'Finance operations',
      tasks: [{ id: 'close', agent: agent.id, name: 'Close the books', objective: 'Reconcile everything', dependsOn: [], coordinates: { x: 0, y: 0, width: 240, height: 112 } }],
      planningAgent: { id: agent.id }, supervisor: { id: agent.id },
    },
  });
  await apiAs(page.request, 'POST', '/api-keys', { name: long('Nightly data warehouse export pipeline'), role: 'viewer' });

  const lists = ['/agents', '/ai-models', '/tools', '/knowledge-bases', '/squads', '/settings/api-keys', '/history/agents', '/history/squads', '/history/models'];
  for (const path of lists) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.locator('[role="status"] .spinner')).toHaveCount(0);
      if (!path.startsWith('/history')) await expect(page.locator('table').first()).toBeVisible();
      // The longest choice of every filter, selected: it must show whole too.
      for (const select of await page.locator('main select').all()) {
        const longest = await select.evaluate((s: HTMLSelectElement) => [...s.options].reduce((a, o) => (o.text.length > a.text.length ? o : a)).value);
        await select.selectOption(longest);
        expect.soft(await overflowing(page), `${path} with the longest choices`).toEqual([]);
        await page.goto(path);
        await expect(page.locator('[role="status"] .spinner')).toHaveCount(0);
      }
      expect.soft(await overflowing(page), path).toEqual([]);
      await snap(page, testInfo, `wide-data${path.replace(/\//g, '-')}`);
    });
  }
});

test('the console has an icon: /favicon.ico and the icon the pages link answer 200 (issue 9.7)', async ({ page }) => {
  await page.goto('/agents');
  const href = await page.locator('link[rel~="icon"]').first().getAttribute('href');
  expect(href).toBeTruthy();
  const linked = await page.request.get(href!);
  expect(linked.status()).toBe(200);
  expect(linked.headers()['content-type']).toMatch(/^image\//);
  const ico = await page.request.get('/favicon.ico');
  expect(ico.status()).toBe(200);
  expect(ico.headers()['content-type']).toMatch(/^image\//);
});

test('the kinds share one set of page files: their titles as before, an unknown kind is the 404 page, the pages beside them still open (decision 093)', async ({ page }) => {
  const pages: [string, string][] = [
    ['/agents', 'Agents'],
    ['/knowledge-bases/new', 'New knowledge base'],
    ['/ai-models/new', 'New AI model'],
    ['/history/models', 'AI model history'],
    ['/history/knowledge-bases', 'Knowledge base history'],
    ['/squads/import', 'Import a squad bundle'],
    ['/settings/api-keys', 'API keys'],
  ];
  for (const [path, title] of pages) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(200);
    await expect(page, path).toHaveTitle(`${title} · Agent Orchestration Console`);
  }
  for (const path of ['/no-such-kind', '/no-such-kind/new', '/no-such-kind/x/edit', '/history/no-such-kind']) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' }), path).toBeVisible();
  }
});
