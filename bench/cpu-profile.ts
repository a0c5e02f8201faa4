// Summarises a V8 CPU profile (`node --cpu-prof`, e.g. `BENCH_CPU_PROF=<folder> npm run bench:api`):
// the frames with the most self time, as a share of the sampled time, and the same by package.
//   npx tsx bench/cpu-profile.ts <file.cpuprofile> [top N = 20]
import { readFileSync } from 'node:fs';
import { selfTimes, type Profile } from './profile-self-time';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: tsx bench/cpu-profile.ts <file.cpuprofile> [top N]');
  process.exit(2);
}
const top = Number(topArg || 20);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const { byId, self, total } = selfTimes(profile);

/** Where a frame comes from: a package under node_modules, node's own code, or the app. */
function origin(url: string): string {
  if (!url) return '(native / VM)';
  if (url.startsWith('node:')) return 'node:internal';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const next = /\.next\/server\/chunks\/|\.next\//.exec(url);
  if (next) return '.next bundle';
  if (/\/dist\//.test(url)) return 'dist (custom server, data layer)';
  return url.replace(/^file:\/\//, '').split('/').slice(-2).join('/');
}

const frames = new Map<string, number>();
const origins = new Map<string, number>();
for (const [id, us] of self) {
  const node = byId.get(id)!;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${url.replace(/^file:\/\//, '').split('/').slice(-2).join('/')}:${lineNumber + 1}` : '';
  const name = `${functionName || '(anonymous)'} ${where}`.trim();
  frames.set(name, (frames.get(name) ?? 0) + us);
  const o = origin(url);
  origins.set(o, (origins.get(o) ?? 0) + us);
}

const table = (m: Map<string, number>, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, us]) => ({ 'self ms': Math.round(us / 1000), share: `${((100 * us) / total).toFixed(1)} %`, frame: name.slice(0, 110) }));

console.log(`${file}: ${Math.round(total / 1000)} ms sampled`);
console.log(`\nTop ${top} frames by self time:`);
console.table(table(frames, top));
console.log('\nBy origin:');
console.table(table(origins, 12).map(({ frame, ...rest }) => ({ origin: frame, ...rest })));
