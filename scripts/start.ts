// `npm start`: builds the app when there is no build or the sources are newer than it, then
// migrates the database and serves console and API.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const buildId = path.join(root, '.next', 'BUILD_ID');
const SOURCES = ['app', 'components', 'lib', 'next.config.ts', 'package.json', 'tsconfig.json'];
const SKIP = new Set(['generated', 'node_modules']);

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(entry)) {
    if (!SKIP.has(name)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

function needsBuild(): boolean {
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}

if (needsBuild()) {
  console.log('Building the console and API (first start or changed sources)...');
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
}

import('../server').then((server) => server.run());
