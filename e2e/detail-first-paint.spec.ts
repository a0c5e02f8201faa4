// First paint of detail pages (issue 22): a signed-in person opening an agent, squad, tool,
// knowledge base or AI model page directly gets the record, its "Used by" card, its recent changes
// and (History tab) its versions in the server's HTML: no loading skeleton at domcontentloaded,
// no hydration error. The designer gets its squad the same way: no request for it after load.
import { expect, test, type Page } from '@playwright/test';
import { agentBody, apiAs, squadBody, unique } from './fixtures';

type Seeded = { kind: string; id: string; name: string; usedBy: string | null; noun: string };

let seeded: Seeded[];
let squadId: string;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  const p = unique('Detail');
  const model = await apiAs<{ id: string }>(page.request, 'POST', '/ai-models', {
    model: { name: `${p} model`, sectors: [], description: 'Detail paint', enabled: true, provider: 'mistral', model: 'mistral-large' },
  });
  const tool = await apiAs<{ id: string }>(page.request, 'POST', '/tools', {
    tool: { name: `${p} tool`, description: 'Finds things', sectors: [], publisher: 'e2e', enabled: true, environments: [] },
  });
  const kb = await apiAs<{ id: string }>(page.request, 'POST', '/knowledge-bases', {
    knowledgeBase: { name: `${p} kb`, description: 'Knows things', enabled: true, sectors: [], content: 'Facts.', type: 'text', multimodal: false, tags: [] },
  });
  const agentName = `${p} agent`;
  const agent = await apiAs<{ id: string }>(page.request, 'POST', '/agents', agentBody(model.id, { name: agentName, role: 'Paints details', tools: [tool.id], knowledgeBases: [kb.id] }));
  const squadName = `${p} squad`;
  const squad = await apiAs<{ id: string }>(page.request, 'POST', '/squads', squadBody(squadName, [{ id: 't1', agent: agent.id, name: `${p} task`, objective: 'Paint', dependsOn: [], coordinates: { x: 0, y: 0, width: 200, height: 80 } }]));
  squadId = squad.id;
  seeded = [
    { kind: 'agents', id: agent.id, name: agentName, usedBy: squadName, noun: 'agent' },
    { kind: 'squads', id: squad.id, name: squadName, usedBy: null, noun: 'squad' },
    { kind: 'tools', id: tool.id, name: `${p} tool`, usedBy: agentName, noun: 'tool' },
    { kind: 'knowledge-bases', id: kb.id, name: `${p} kb`, usedBy: agentName, noun: 'knowledge base' },
    { kind: 'ai-models', id: model.id, name: `${p} model`, usedBy: agentName, noun: 'AI model' },
  ];
  await page.close();
});

/** What the server sent, before any script ran or any data request could answer. */
async function firstPaint(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  return page.evaluate(() => ({
    skeletons: document.querySelectorAll('.skeleton, [aria-busy="true"]').length,
    heading: document.querySelector('main h1')?.textContent ?? '',
    text: document.querySelector('main')?.textContent ?? '',
  }));
}

for (const kind of ['agents', 'squads', 'tools', 'knowledge-bases', 'ai-models']) {
  test(`a ${kind} detail page arrives rendered: record, used-by and recent changes, no skeleton, no hydration error`, async ({ page }) => {
    const s = seeded.find((x) => x.kind === kind)!;
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    const first = await firstPaint(page, `/${kind}/${s.id}`);
    expect(first.skeletons).toBe(0);
    expect(first.heading).toContain(s.name);
    if (s.usedBy) expect(first.text).toContain(s.usedBy);
    await page.waitForLoadState('load');
    // The History tab works at once, hydrated or not: before the page's code is live (it is
    // fetched on demand, decision 104) the tab is a link to the page with it open (decision 106).
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('created');
    await expect(page).toHaveURL(/[?&]tab=history$/);
    expect(errors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([]);
  });
}

test('a detail page opened on its History tab has the versions in the HTML', async ({ page }) => {
  const s = seeded.find((x) => x.kind === 'tools')!;
  const first = await firstPaint(page, `/tools/${s.id}?tab=history`);
  expect(first.skeletons).toBe(0);
  expect(first.text).toContain('created');
});

test('an unknown id still answers the page, which reports it after loading', async ({ page }) => {
  await page.goto('/tools/no-such-tool');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
});

test('the designer has its squad and agents from the page: no request for them on the first open', async ({ page }) => {
  const api: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) api.push(url.pathname);
  });
  await page.goto(`/squads/${squadId}/designer`);
  await expect(page.locator('.react-flow__node-task')).toHaveCount(1);
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved');
  expect(api.filter((p) => p === `/api/squads/${squadId}` || p === '/api/agents' || p === '/api/session')).toEqual([]);
});
