// Probes /docs (issue 22): axe (serious and critical findings) and screenshots at 1280 and 390 px,
// light and dark, with an operation opened, "Try it out" run and the schemas (models) opened.
// Against the built server on a fresh SQLite file, signed in. Not a test: e2e/docs.spec.ts is.
//   npx tsx bench/docs-probe.ts [screenshot folder]
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { openDesignerBench } from './designer-fixture';

const out = path.resolve(process.argv[2] ?? 'docs-shots');
mkdirSync(out, { recursive: true });
async function main() {
const bench = await openDesignerBench(Number(process.env.BENCH_PORT || 3480));
try {
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      const context = await bench.browser.newContext({ baseURL: `http://127.0.0.1:${process.env.BENCH_PORT || 3480}`, viewport: { width, height: 900 }, colorScheme: theme });
      await context.addCookies(await bench.context.cookies());
      await context.addInitScript(`localStorage.setItem('aoc-theme', '${theme}')`);
      const page = await context.newPage();
      await page.goto('/docs');
      await page.locator('.opblock').first().waitFor({ timeout: 180_000 });
      const session = page.locator('.opblock-get', { has: page.locator('[data-path="/session"]') });
      await session.locator('.opblock-summary-control').click();
      await session.getByRole('button', { name: 'Try it out' }).click();
      await session.getByRole('button', { name: 'Execute' }).click();
      await session.locator('.live-responses-table .response-col_status').first().waitFor({ timeout: 60_000 });
      const agents = page.locator('.opblock-post', { has: page.locator('[data-path="/agents"]') });
      await agents.locator('.opblock-summary-control').click();
      await agents.locator('button[data-name="model"]').first().click();
      await agents.locator('.model-box .model-toggle').first().click().catch(() => undefined);
      await page.waitForTimeout(500);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      console.log(`${theme} ${width}px: ${severe.length} serious/critical`);
      for (const v of severe) console.log(`  ${v.impact} ${v.id}: ${v.nodes.length} nodes, e.g. ${v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' — ' + (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 160)).join(' | ')}`);
      await session.screenshot({ path: path.join(out, `docs-session-${theme}-${width}.png`) });
      await agents.screenshot({ path: path.join(out, `docs-post-agents-${theme}-${width}.png`) });
      await page.screenshot({ path: path.join(out, `docs-top-${theme}-${width}.png`) });
      await context.close();
    }
  }
} finally {
  await bench.close();
}
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
