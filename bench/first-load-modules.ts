// What is in a page's first load, module by module (decision 028): for each page named, the
// biggest source modules of its non-root chunks (the ones `npm run bench:weight` adds to the
// framework's root), by gzip bytes shared out in proportion to each module's raw bytes in its
// chunk (an estimate: gzip does not compress each module alike). Needs a build with browser
// source maps, in a folder of its own:
//   WEIGHT_SOURCEMAPS=1 NEXT_DIST_DIR=.next-maps npx next build
//   npx tsx bench/first-load-modules.ts .next-maps /sign-in /agents [--root] [--top=40] [--scripts=FILE]
// --scripts=FILE (written by `bench:weight -- --scripts=FILE` on the same build) counts the scripts
// each page loaded before it was usable instead of the manifests' first load.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const dist = path.resolve(args.find((a) => !a.startsWith('/') && !a.startsWith('--')) ?? '.next-maps');
const pages = args.filter((a) => a.startsWith('/'));
const top = Number(args.find((a) => a.startsWith('--top='))?.slice(6) ?? 40);

type SourceMap = { sources?: string[]; mappings?: string; sections?: { offset: { line: number; column: number }; map: SourceMap }[] };

const B64 = Object.fromEntries([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]));

/** Generated (line, column) → source index, from a source map's base64 VLQ mappings. */
function* segments(map: SourceMap): Generator<{ line: number; column: number; source: number }> {
  let source = 0;
  const lines = (map.mappings ?? '').split(';');
  for (let line = 0; line < lines.length; line++) {
    let column = 0;
    for (const segment of lines[line]!.split(',')) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of segment) {
        const digit = B64[ch]!;
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0]!;
      if (fields.length > 1) source += fields[1]!;
      yield { line, column, source: fields.length > 1 ? source : -1 };
    }
  }
}

const perChunk = new Map<string, Map<string, number>>();

/** gzip bytes of one chunk, shared out among its source modules. */
function modulesOf(file: string): Map<string, number> {
  const known = perChunk.get(file);
  if (known) return known;
  const code = readFileSync(path.join(dist, file), 'utf8');
  const gzip = gzipSync(code, { level: 9 }).length;
  const out = new Map<string, number>();
  const url = /sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
  const mapFile = url ? path.join(dist, path.dirname(file), url) : '';
  if (!url || !existsSync(mapFile)) {
    out.set(`(no source map) ${file}`, gzip);
    perChunk.set(file, out);
    return out;
  }
  const lineStart = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStart.push(i + 1);
  const root = JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMap;
  const points: { at: number; source: string }[] = [];
  for (const { offset, map } of root.sections ?? [{ offset: { line: 0, column: 0 }, map: root }]) {
    for (const s of segments(map)) {
      const line = s.line + offset.line;
      const column = s.column + (s.line === 0 ? offset.column : 0);
      points.push({ at: (lineStart[line] ?? code.length) + column, source: s.source >= 0 ? (map.sources?.[s.source] ?? '(unknown)') : '(unmapped)' });
    }
  }
  points.sort((a, b) => a.at - b.at);
  let last = 0;
  let current = '(unmapped)';
  const add = (source: string, bytes: number) => {
    const name = source.replace(/^turbopack:\/\/\/\[project\]\//, '').replace(/^.*node_modules\//, 'node_modules/');
    out.set(name, (out.get(name) ?? 0) + (bytes / code.length) * gzip);
  };
  for (const p of points) {
    add(current, p.at - last);
    last = p.at;
    current = p.source;
  }
  add(current, code.length - last);
  perChunk.set(file, out);
  return out;
}

function manifests(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return manifests(full);
    return name === 'page_client-reference-manifest.js' ? [full] : [];
  });
}

function print(title: string, chunks: Iterable<string>) {
  const modules = new Map<string, number>();
  let count = 0;
  for (const chunk of chunks) {
    count++;
    for (const [name, bytes] of modulesOf(chunk)) modules.set(name, (modules.get(name) ?? 0) + bytes);
  }
  const total = [...modules.values()].reduce((a, b) => a + b, 0);
  console.log(`\n${title}: ${(total / 1024).toFixed(1)} kB gzip in ${count} chunks`);
  for (const [name, bytes] of [...modules].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${(bytes / 1024).toFixed(2).padStart(7)}  ${name}`);
}

const scriptsFile = args.find((a) => a.startsWith('--scripts='))?.slice('--scripts='.length);
const rootFiles = (JSON.parse(readFileSync(path.join(dist, 'build-manifest.json'), 'utf8')) as { rootMainFiles: string[] }).rootMainFiles;
if (args.includes('--root')) print('framework root (rootMainFiles)', rootFiles);
if (scriptsFile) {
  const loaded = new Map(Object.entries(JSON.parse(readFileSync(scriptsFile, 'utf8')) as Record<string, string[]>));
  for (const page of pages) {
    const chunks = new Set(loaded.get(page) ?? []);
    for (const f of rootFiles) chunks.delete(f);
    print(`${page}, loaded before usable, beyond the root`, chunks);
  }
}
for (const file of scriptsFile ? [] : manifests(path.join(dist, 'server', 'app'))) {
  const holder = { __RSC_MANIFEST: {} as Record<string, { entryJSFiles?: Record<string, string[]> }> };
  new Function('self', 'globalThis', readFileSync(file, 'utf8'))(holder, holder);
  for (const [route, manifest] of Object.entries(holder.__RSC_MANIFEST)) {
    const page = route.replace(/\/page$/, '').replace(/\/\([^)]+\)/g, '') || '/';
    if (!pages.includes(page)) continue;
    const chunks = new Set(Object.values(manifest.entryJSFiles ?? {}).flat());
    for (const f of rootFiles) chunks.delete(f);
    print(`${page}, beyond the root`, chunks);
  }
}
