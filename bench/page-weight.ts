// `npm run bench:weight`: first-load JavaScript of every page, gzip, from a production build
// (`npx next build`; issue 8: ≤ 150 kB on sign-in, setup and list pages, ≤ 220 kB on the designer).
//
// A page's first load is what its HTML makes the browser fetch before it is interactive: the
// framework's root chunks (build-manifest.json `rootMainFiles`) and the chunks of every client
// component in the page's tree (its client-reference manifest's `entryJSFiles`: root and group
// layouts, error and not-found boundaries, the page). Chunks loaded later (`import()`, lazy
// dialogs) are not counted; the legacy-browser polyfills (`nomodule`) neither. Each file is
// gzipped at level 9 once and counted once per page.
//   npx tsx bench/page-weight.ts [build folder = .next] [--json]
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const dist = path.resolve(args.find((a) => !a.startsWith('--')) ?? '.next');

const TARGETS: [RegExp, number][] = [
  [/\/designer$/, 220],
  [/^\/(sign-in|setup)$/, 150],
  [/^\/(agents|squads|tools|knowledge-bases|ai-models|history(\/\w+)?|settings\/api-keys)$/, 150],
];

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
    const target = TARGETS.find(([re]) => re.test(page))?.[1];
    const kB = (b: number) => Math.round(b / 102.4) / 10;
    rows.push({
      page,
      'first-load kB': kB(total),
      'root kB': kB(rootBytes),
      'page kB': kB(total - rootBytes),
      target: target ? `${kB(total) <= target ? '≤' : '>'} ${target}` : '',
    });
  }
}
rows.sort((a, b) => a.page.localeCompare(b.page));
if (asJson) console.log(JSON.stringify(rows));
else {
  console.log(`First-load JS per page, gzip level 9 (kB = 1,024 bytes), build ${dist}`);
  console.table(rows);
}
