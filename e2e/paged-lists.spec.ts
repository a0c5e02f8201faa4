// A list page of a company with more than 1,000 of a kind (D13, decision 040): the first 1,000
// come with the page (rendered by the server), "Load more" reads the next page, and the rest of
// the list (filters, the enable switch) works on what is loaded. The rows are written straight
// into the server's database and removed at the end, so the other specs see the list as before.
import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { apiAs, expectAccessible, snap } from './fixtures';

/** Runs `code` (TypeScript, the project's modules importable by relative path) on the e2e server's database, `input` on stdin. */
function onDatabase(code: string, input: unknown): void {
  const databaseUrl = process.env.E2E_DATABASE_URL || `file:${path.join(process.env.E2E_DATA_DIR!, 'app.db')}`;
  execFileSync(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), '-e', code], {
    input: JSON.stringify(input),
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: process.env.E2E_DATA_DIR },
    stdio: ['pipe', 'inherit', 'inherit'],
  });
}

const SEED = `
import { readFileSync } from 'node:fs';
import { bulkInsert } from './scripts/lib/bulk-insert';
const rows = JSON.parse(readFileSync(0, 'utf8')).map((r: Record<string, unknown>) => ({ ...r, createdAt: new Date(r.createdAt as string), updatedAt: new Date(r.updatedAt as string) }));
bulkInsert('Tool', rows).then(() => process.exit(0));
`;

const REMOVE = `
import { readFileSync } from 'node:fs';
import { loadDatabase } from './lib/server/db';
const tag = JSON.parse(readFileSync(0, 'utf8'));
loadDatabase().then((db) => db.tool.deleteMany({ where: { id: { startsWith: tag } } })).then(() => process.exit(0));
`;

const EXTRA = 1_050;
const TAG = `paged${Date.now().toString(36)}`;

test('a list of more than 1,000 tools reads in pages', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const me = await apiAs<{ company: { id: string } }>(request, 'GET', '/session');
  const before = (await apiAs<unknown[]>(request, 'GET', '/tools')).length;
  const at = Date.UTC(2001, 0, 1); // before every other tool: the seeded ones fill the first page
  const rows = Array.from({ length: EXTRA }, (_, i) => ({
    id: `${TAG}-${String(i).padStart(5, '0')}`,
    companyId: me.company.id,
    name: `Paged tool ${String(i).padStart(5, '0')}`,
    description: 'seeded',
    sectors: i === EXTRA - 1 ? ['last-page'] : [],
    publisher: 'e2e',
    enabled: true,
    environments: [],
    createdAt: new Date(at + i),
    updatedAt: new Date(at + i),
  }));
  onDatabase(SEED, rows);
  try {
    // The first page (1,000) comes with the page itself: its rows are there before any API read.
    const reads: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/tools') reads.push(new URL(r.url()).search);
    });
    await page.goto('/tools?size=100');
    await expect(page.getByText('1–100 of 1000 tools')).toBeVisible();
    await expect(page.getByText('The first 1,000 tools are loaded')).toBeVisible();
    const more = page.getByRole('button', { name: 'Load more tools' });
    await expect(more).toBeVisible();
    await expectAccessible(page, testInfo, 'paged-list');
    await snap(page, testInfo, 'paged-list');

    // The next page: every tool is now loaded, the last seeded one (sector last-page) among them.
    await more.click();
    const total = EXTRA + before;
    await expect(page.getByText(`1–100 of ${total} tools`)).toBeVisible();
    await expect(more).toHaveCount(0);
    expect(reads.some((q) => /limit=1000&last=/.test(q))).toBe(true);
    await page.getByLabel('Search tools').fill(`Paged tool ${String(EXTRA - 1).padStart(5, '0')}`);
    await expect(page.getByRole('link', { name: `Paged tool ${String(EXTRA - 1).padStart(5, '0')}`, exact: true })).toBeVisible();
  } finally {
    onDatabase(REMOVE, `${TAG}-`);
  }
});
