// `npm start`: builds what is missing or older than its sources — the Next.js app (.next) and the
// compiled custom server (dist/, scripts/build-server.mjs) — then serves console and API from
// plain JavaScript: no TypeScript loader at run time. The server migrates the database first.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer } from './build-server.mjs';

const root = process.cwd();
const buildId = path.join(root, '.next', 'BUILD_ID');
const compiledServer = path.join(root, 'dist', 'server.mjs');
const APP_SOURCES = ['app', 'components', 'lib', 'next.config.ts', 'package.json', 'tsconfig.json'];
const SERVER_SOURCES = ['server.ts', 'server', 'lib', 'package.json', 'tsconfig.json', 'scripts/build-server.mjs'];
const SKIP = new Set(['node_modules']);

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(entry)) {
    if (!SKIP.has(name)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

/** True when `output` is missing or one of `sources` changed after it was written. */
function stale(output, sources, skipGenerated) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => {
    const full = path.join(root, s);
    return (skipGenerated && s === 'lib' ? newestMtimeExcept(full, 'generated') : newestMtime(full)) > built;
  });
}

function newestMtimeExcept(dir, skipped) {
  if (!existsSync(dir)) return 0;
  return Math.max(0, ...readdirSync(dir).filter((n) => n !== skipped).map((n) => newestMtime(path.join(dir, n))));
}

if (stale(buildId, APP_SOURCES, true)) {
  console.log('Building the console and API (first start or changed sources)...');
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
}
// The server bundle includes the generated Prisma clients: a regenerated client rebuilds it too.
if (stale(compiledServer, SERVER_SOURCES, false)) {
  console.log('Compiling the server (dist/)...');
  await buildServer();
}

const server = await import(pathToFileURL(compiledServer).href);
server.run();
