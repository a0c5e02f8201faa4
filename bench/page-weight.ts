// `npm run bench:weight`: the JavaScript each page needs before it is usable, gzip, from a
// production build (`npx next build`). Issue 22's targets: designer ≤ 220 kB, forms (new/edit)
// ≤ 180 kB, detail pages ≤ 170 kB; issue 8's: ≤ 150 kB on sign-in, setup and list pages.
//
// Two counts:
// - LOADED (the headline, issue 22): every script the browser fetched before the page was
//   usable, measured in headless Chromium against the built server on a fresh SQLite file, signed
//   in, each page opened in a new context (nothing cached). Usable = the load event has fired, no
//   loading skeleton or busy element is left, the designer's task nodes are on the canvas, and the
//   network has been quiet for 500 ms; scripts asked for after the console's first prefetch of
//   another page (an `_rsc=` request) are not counted (that is the next page's code). For the
//   designer, only scripts asked for by its ready point (task nodes drawn, view fitted: the
//   issue's definition) count (decision 085); "until quiet" prints the count without that cut,
//   for every page. Each file is gzipped from the build folder, as below. `--static` skips it.
// - FIRST LOAD (static, from the build's manifests):
// A page's first load is what its HTML makes the browser fetch before it is interactive: the
// framework's root chunks (build-manifest.json `rootMainFiles`) and the chunks of every client
// component in the page's tree (its client-reference manifest's `entryJSFiles`: root and group
// layouts, error and not-found boundaries, the page). Chunks loaded later (`import()`, lazy
// dialogs) are not counted; the legacy-browser polyfills (`nomodule`) neither. Each file is
// gzipped at level 9 once and counted once per page.
//   npx tsx bench/page-weight.ts [build folder = .next] [--json] [--static] [--scripts=FILE]
// --scripts=FILE writes the scripts each page loaded before usable (JSON, route → files), for
// `npm run bench:modules -- --scripts=FILE` to name the modules in them.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Request } from '@playwright/test';
import { KINDS } from '../lib/kinds';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const dist = path.resolve(args.find((a) => !a.startsWith('--')) ?? '.next');

const TARGETS: [RegExp, number][] = [
  [/\/designer$/, 220],
  [/\/(new|edit)$/, 180],
  [/^\/(agents|squads|tools|knowledge-bases|ai-models)\/\[id\]$/, 170],
  [/^\/(sign-in|setup)$/, 150],
  [/^\/(agents|squads|tools|knowledge-bases|ai-models|history(\/\w+)?|settings\/api-keys)$/, 150],
];

const kB = (b: number) => Math.round(b / 102.4) / 10;

const gzipCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

function manifests(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return manifests(full);
    return name === 'page_client-reference-manifest.js' ? [full] : [];
  });
}

const build = JSON.parse(readFileSync(path.join(dist, 'build-manifest.json'), 'utf8')) as { rootMainFiles: string[] };
const root = build.rootMainFiles;
const rows: { page: string; 'first-load kB': number; 'root kB': number; 'page kB': number; target: string }[] = [];
for (const file of manifests(path.join(dist, 'server', 'app'))) {
  const holder = globalThis as unknown as { __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }> };
  holder.__RSC_MANIFEST = {};
  // The manifest is a script assigning globalThis.__RSC_MANIFEST[route] (as Next's server reads it).
  new Function('self', 'globalThis', readFileSync(file, 'utf8'))(holder, holder);
  for (const [route, manifest] of Object.entries(holder.__RSC_MANIFEST)) {
    const page = route.replace(/\/page$/, '').replace(/\/\([^)]+\)/g, '') || '/';
    if (page.startsWith('/_')) continue;
    const chunks = new Set<string>(root);
    for (const files of Object.values(manifest.entryJSFiles ?? {})) for (const f of files) chunks.add(f);
    const total = [...chunks].reduce((sum, f) => sum + gzipBytes(f), 0);
    const rootBytes = root.reduce((sum, f) => sum + gzipBytes(f), 0);
    // The kinds' pages are one route each (app/(console)/[kind], decision 093): a row per kind.
    const pages = page.includes('[kind]') ? KINDS.map((k) => page.replace('[kind]', page.startsWith('/history/') ? k.pages.history : k.key)) : [page];
    for (const one of pages) {
      const target = TARGETS.find(([re]) => re.test(one))?.[1];
      rows.push({
        page: one,
        'first-load kB': kB(total),
        'root kB': kB(rootBytes),
        'page kB': kB(total - rootBytes),
        target: target ? `${kB(total) <= target ? '≤' : '>'} ${target}` : '',
      });
    }
  }
}
rows.sort((a, b) => a.page.localeCompare(b.page));

const loadedScripts: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
/** Every script fetched until the network was quiet (decision 047's count), for comparison. */
const untilQuiet = new Map<string, number>();

/** The pages opened for the LOADED count, by route, with the records they show. */
async function loadedWeights(): Promise<Map<string, number>> {
  const { openDesignerBench, READY_PROBE, squadOf } = await import('./designer-fixture');
  process.env.NEXT_DIST_DIR = path.relative(process.cwd(), dist) || '.next';
  const bench = await openDesignerBench(Number(process.env.BENCH_PORT || 3475));
  const weights = new Map<string, number>();
  try {
    const { browser, context, agents, post } = bench;
    const tool = await post('/tools', { tool: { name: 'Weight tool', description: 'weighs', sectors: [], publisher: 'bench', enabled: true, environments: [] } });
    const kb = await post('/knowledge-bases', { knowledgeBase: { name: 'Weight kb', description: 'weighs', enabled: true, sectors: [], content: 'x', type: 'text', multimodal: false, tags: [] } });
    const squad = await post('/squads', { squad: squadOf(20, agents) });
    const models = (await (await context.request.get('/api/ai-models', { headers: { 'x-requested-with': 'console' } })).json()) as { data: { id: string }[] };
    const ids: Record<string, string> = { agents: agents[0]!, squads: squad.id, tools: tool.id, 'knowledge-bases': kb.id, 'ai-models': models.data[0]!.id };
    const pages: [string, string][] = [['/', '/'], ['/sign-in', '/sign-in'], ['/history', '/history'], ['/settings', '/settings'], ['/settings/api-keys', '/settings/api-keys']];
    for (const [kind, id] of Object.entries(ids)) {
      pages.push([`/${kind}`, `/${kind}`], [`/${kind}/new`, `/${kind}/new`], [`/${kind}/[id]`, `/${kind}/${id}`], [`/${kind}/[id]/edit`, `/${kind}/${id}/edit`]);
    }
    pages.push(['/squads/[id]/designer', `/squads/${squad.id}/designer`]);
    const cookies = await context.cookies();
    for (const [route, url] of pages) {
      const fresh = await browser.newContext({ baseURL: `http://127.0.0.1:${process.env.BENCH_PORT || 3475}`, viewport: { width: 1440, height: 900 } });
      if (route !== '/sign-in') await fresh.addCookies(cookies);
      await fresh.addInitScript(READY_PROBE);
      const page = await fresh.newPage();
      const scripts = new Map<string, Request>();
      let prefetched = false;
      let pending = 0;
      let lastActivity = Date.now();
      page.on('request', (request) => {
        pending++;
        lastActivity = Date.now();
        const u = new URL(request.url());
        if (u.searchParams.has('_rsc') && u.pathname !== new URL(page.url() || 'http://x/').pathname) prefetched = true;
        if (!prefetched && u.pathname.startsWith('/_next/static/') && u.pathname.endsWith('.js') && !scripts.has(u.pathname.slice('/_next/'.length))) scripts.set(u.pathname.slice('/_next/'.length), request);
      });
      const settle = () => {
        pending = Math.max(0, pending - 1);
        lastActivity = Date.now();
      };
      page.on('requestfinished', settle);
      page.on('requestfailed', settle);
      await page.goto(url, { waitUntil: 'load' });
      // A function, not a string: the console's Content-Security-Policy forbids eval.
      await page.waitForFunction(
        () => !document.querySelector('main .skeleton, main [aria-busy="true"]') && (!location.pathname.endsWith('/designer') || (window as unknown as { __designerReady: number | null }).__designerReady !== null),
        undefined,
        { timeout: 60_000, polling: 100 },
      );
      while (pending > 0 || Date.now() - lastActivity < 500) await new Promise((r) => setTimeout(r, 50));
      let counted = [...scripts.keys()];
      untilQuiet.set(route, counted.reduce((sum, f) => sum + gzipBytes(f), 0));
      if (route.endsWith('/designer')) {
        // The designer's ready point is its nodes drawn (the definition): scripts asked for
        // after it are not on the path to usable (decision 085).
        const readyAt = await page.evaluate(() => performance.timeOrigin + (window as unknown as { __designerReady: number }).__designerReady);
        counted = counted.filter((f) => scripts.get(f)!.timing().startTime <= readyAt);
      }
      weights.set(route, counted.reduce((sum, f) => sum + gzipBytes(f), 0));
      loadedScripts[route] = counted;
      await fresh.close();
    }
  } finally {
    await bench.close();
  }
  return weights;
}

async function main() {
const loaded = args.includes('--static') ? null : await loadedWeights();
const scriptsFile = args.find((a) => a.startsWith('--scripts='))?.slice('--scripts='.length);
if (loaded && scriptsFile) writeFileSync(scriptsFile, JSON.stringify(loadedScripts, null, 1));
const table = rows
  .filter((r) => !loaded || loaded.has(r.page))
  .map((r) => {
    const target = TARGETS.find(([re]) => re.test(r.page))?.[1];
    const headline = loaded ? kB(loaded.get(r.page)!) : r['first-load kB'];
    return {
      page: r.page,
      ...(loaded ? { 'loaded before usable kB': headline, 'until quiet kB': kB(untilQuiet.get(r.page)!) } : {}),
      'first-load kB': r['first-load kB'],
      'root kB': r['root kB'],
      target: target ? `${headline <= target ? '≤' : '>'} ${target}` : '',
    };
  });
if (asJson) console.log(JSON.stringify(table));
else {
  console.log(`JavaScript per page, gzip level 9 (kB = 1,024 bytes), build ${dist}`);
  if (loaded) console.log('loaded before usable: every script fetched before the page was usable (new browser context, signed in, nothing cached); first-load: the build manifests\' count');
  console.table(table);
}
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
