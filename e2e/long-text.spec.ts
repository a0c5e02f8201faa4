// Text of any length (issue 23, decision 056): names at the API's limit (200 characters) with no
// space — plain, emoji and right-to-left — and 300-character descriptions, role, objective, tags
// and task names with no space, for every kind (seeded through the API). Every page that shows
// them (lists, details, edit forms, History tabs, the history pages, the designer, home, the
// palette open, a delete dialog) at 1280 and 390 px: the page never scrolls sideways, and the
// Edit and Delete actions stay inside the viewport.
import { expect, test, type Page } from '@playwright/test';
import { apiAs } from './fixtures';

const WIDTHS = [
  { width: 1280, height: 860 },
  { width: 390, height: 844 },
] as const;

let run = 0;
/** `length` UTF-16 units of `unit` repeated after `prefix`, never a space. */
const long = (prefix: string, unit: string, length: number) => {
  let text = `${prefix}${Date.now().toString(36)}${++run}`;
  while (text.length + unit.length <= length) text += unit;
  return text;
};
const NAMES = {
  plain: (kind: string) => long(`${kind}-Plain`, 'Supercalifragilistic', 200),
  emoji: (kind: string) => long(`${kind}-Emoji`, '🤖🚀', 200),
  rtl: (kind: string) => long(`${kind}-`, 'مرحبابالعالم', 200),
};
const DESCRIPTION = long('Description', 'Loremipsumdolorsitamet', 300);

type Seeded = Record<'agents' | 'squads' | 'tools' | 'knowledge-bases' | 'ai-models', { id: string; name: string }[]>;

async function seed(page: Page): Promise<Seeded> {
  const post = <T,>(url: string, body: unknown) => apiAs<T>(page.request, 'POST', url, body);
  const variants = Object.values(NAMES);
  const sector = long('Sector', 'Verylongsectorname', 200);
  const models: { id: string; name: string }[] = [];
  for (const name of variants.map((v) => v('Model'))) {
    const m = await post<{ id: string }>('/ai-models', { model: { name, sectors: [sector], description: DESCRIPTION, enabled: true, provider: 'meta', model: long('llama', '-70b', 200) } });
    await apiAs(page.request, 'PUT', `/ai-models/${m.id}`, { model: { description: `Changed${DESCRIPTION}` } });
    models.push({ id: m.id, name });
  }
  const tools: { id: string; name: string }[] = [];
  for (const name of variants.map((v) => v('Tool'))) {
    const t = await post<{ id: string }>('/tools', { tool: { name, description: DESCRIPTION, sectors: [sector], publisher: long('Publisher', 'x', 200), enabled: true, environments: ['production'], mcp: { url: `https://mcp.example.com/${'p'.repeat(250)}`, transport: 'sse' } } });
    await apiAs(page.request, 'PUT', `/tools/${t.id}`, { description: `${DESCRIPTION}Changed` });
    tools.push({ id: t.id, name });
  }
  const kbs: { id: string; name: string }[] = [];
  for (const name of variants.map((v) => v('Kb'))) {
    const kb = { name, description: DESCRIPTION, enabled: true, sectors: [sector], content: DESCRIPTION, type: 'text', multimodal: false, tags: [long('Tag', 'tagtag', 200)] };
    const k = await post<{ id: string }>('/knowledge-bases', { knowledgeBase: kb });
    await apiAs(page.request, 'PUT', `/knowledge-bases/${k.id}`, { knowledgeBase: { ...kb, content: `${DESCRIPTION}Changed` } });
    kbs.push({ id: k.id, name });
  }
  const agents: { id: string; name: string }[] = [];
  for (const name of variants.map((v) => v('Agent'))) {
    const body = {
      name,
      enabled: true,
      model: models[agents.length].id,
      auto: false,
      reasoning: false,
      publisher: long('Publisher', 'x', 200),
      temperature: 0.3,
      role: DESCRIPTION,
      objective: DESCRIPTION,
      referencies: DESCRIPTION,
      'can.delegate': false,
      can_code: false,
      multimodal: false,
      sectors: [sector],
      tools: tools.map((t) => t.id),
      knowledgeBases: kbs.map((k) => k.id),
    };
    const a = await post<{ id: string }>('/agents', body);
    // A second version, so the History tab has a diff of long text.
    await apiAs(page.request, 'PUT', `/agents/${a.id}`, { ...body, objective: `${DESCRIPTION}Changed`, role: `Changed${DESCRIPTION}` });
    agents.push({ id: a.id, name });
  }
  const squads: { id: string; name: string }[] = [];
  for (const name of variants.map((v) => v('Squad'))) {
    const task = (id: string, x: number, dependsOn: string[] = []) => ({
      id,
      agent: agents[0].id,
      name: long(`Task${id}`, 'Taskname', 200),
      objective: DESCRIPTION,
      dependsOn,
      coordinates: { x, y: 0, width: 220, height: 90 },
    });
    const squad = {
      name,
      tasks: [task('a', 0), task('b', 320, ['a'])],
      order: 'sequential',
      enabled: true,
      do_plan: true,
      sectors: [sector],
      publisher: long('Publisher', 'x', 200),
      planningAgent: { id: agents[1].id, coordinates: { x: 0, y: 200, width: 220, height: 90 } },
      supervisor: null,
    };
    const s = await post<{ id: string }>('/squads', { squad });
    await apiAs(page.request, 'PUT', `/squads/${s.id}`, { squad: { ...squad, tasks: [{ ...squad.tasks[0], agent: agents[2].id, objective: `${DESCRIPTION}Changed` }, squad.tasks[1]] } });
    squads.push({ id: s.id, name });
  }
  return { agents, squads, tools, 'knowledge-bases': kbs, 'ai-models': models };
}

/** What makes the page wider than the viewport, if anything (the widest elements named). */
async function sideways(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    if (root.scrollWidth <= root.clientWidth) return null;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
      .slice(-3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`);
    return `scrollWidth ${root.scrollWidth} > clientWidth ${root.clientWidth}: ${wide.join(', ')}`;
  });
}

async function expectNoSideways(page: Page, where: string) {
  // Soft: one run lists every page that fails.
  expect.soft(await sideways(page), `${where} scrolls sideways`).toBeNull();
}

/** Every matching control lies inside the viewport horizontally. */
async function expectInside(page: Page, where: string, selector: string) {
  const width = page.viewportSize()!.width;
  const boxes = await page.locator(selector).evaluateAll((els) => els.map((el) => ({ label: el.getAttribute('aria-label') ?? el.textContent, ...el.getBoundingClientRect().toJSON() })));
  expect(boxes.length, `${where}: no ${selector}`).toBeGreaterThan(0);
  for (const box of boxes) {
    expect.soft(box.left, `${where}: "${box.label?.slice(0, 40)}" starts left of the viewport`).toBeGreaterThanOrEqual(0);
    expect.soft(box.right, `${where}: "${box.label?.slice(0, 40)}" ends right of the viewport`).toBeLessThanOrEqual(width);
  }
}

/** Opens `url` and waits for it to show `shows` (the start of a long name), or its heading. */
async function visit(page: Page, url: string, shows?: string) {
  await page.goto(url);
  if (shows) await expect(page.locator('main').getByText(shows.slice(0, 30)).first()).toBeAttached();
  else await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

const ACTIONS = 'a[aria-label^="Edit "], button[aria-label^="Delete "]';
const KINDS = ['agents', 'squads', 'tools', 'knowledge-bases', 'ai-models'] as const;

for (const size of WIDTHS) {
  test(`long names and texts never widen a page at ${size.width} px`, async ({ page }) => {
    test.setTimeout(600_000);
    const seeded = await seed(page);
    await page.setViewportSize(size);
    const where = (url: string) => `${url} at ${size.width} px`;

    await visit(page, '/');
    await expectNoSideways(page, where('/'));

    for (const kind of KINDS) {
      const list = `/${kind}`;
      // Newest first: the seeded rows are on the first page whatever other specs left behind.
      await visit(page, `${list}?sort=updatedAt&dir=desc`, seeded[kind][0].name);
      for (const r of seeded[kind]) await expect(page.locator('main').getByText(r.name.slice(0, 30)).first()).toBeAttached();
      await expectNoSideways(page, where(list));
      await expectInside(page, where(list), ACTIONS);

      for (const r of seeded[kind]) {
        const detail = `/${kind}/${r.id}`;
        await visit(page, detail, r.name);
        await expectNoSideways(page, where(detail));
        await expectInside(page, where(detail), 'main header a[href$="/edit"], main header button[aria-label^="Delete "]');
      }
      const first = seeded[kind][0];
      await visit(page, `/${kind}/${first.id}?tab=history`, first.name);
      await expect(page.getByTestId('versions-diff')).toBeVisible();
      await expectNoSideways(page, where(`/${kind}/${first.id}?tab=history`));
      await visit(page, `/${kind}/${first.id}/edit`);
      await expect(page.locator('main form input#name')).toHaveValue(first.name);
      await expectNoSideways(page, where(`/${kind}/${first.id}/edit`));
    }

    for (const s of seeded.squads) {
      const designer = `/squads/${s.id}/designer`;
      await visit(page, designer, s.name);
      await expect(page.getByTestId('designer-canvas')).toBeVisible();
      await expectNoSideways(page, where(designer));
    }

    for (const [section, shows] of [
      ['agents', seeded.agents[0].name],
      ['squads', seeded.squads[0].name],
      ['models', seeded['ai-models'][0].name],
      ['tools', seeded.tools[0].name],
      ['knowledge-bases', seeded['knowledge-bases'][0].name],
    ] as const) {
      await visit(page, `/history/${section}`, shows);
      await expectNoSideways(page, where(`/history/${section}`));
    }

    // A delete dialog naming a long name.
    await visit(page, '/tools', seeded.tools[0].name);
    await page.getByRole('button', { name: `Delete tool ${seeded.tools[0].name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectNoSideways(page, where('/tools, delete dialog'));
    await expectInside(page, where('/tools, delete dialog'), 'dialog[open] button');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The palette, finding the long names.
    await visit(page, '/');
    await page.keyboard.press('Control+k');
    const palette = page.getByTestId('command-palette');
    await expect(palette).toBeVisible();
    await palette.getByRole('combobox').fill('Plain');
    await expect(palette.getByRole('option').first()).toBeVisible();
    await expectNoSideways(page, where('/ with the palette open'));
    await expectInside(page, where('/ with the palette open'), '[data-testid="command-palette"] [role="option"]');

    // What was seeded leaves the shared company (its long sector would reach other specs' filters).
    for (const kind of ['squads', 'agents', 'knowledge-bases', 'tools', 'ai-models'] as const) {
      for (const { id } of seeded[kind]) await apiAs(page.request, 'DELETE', `/${kind}/${id}`);
    }
  });
}
