// `npm test`: every test of the project, in order, failing fast:
//   typecheck → lint → unused code (knip) → unit → build → API on SQLite → the file tests again with
//   files in S3 (s3rver) → API on PostgreSQL (with the two-instance test: two compiled servers on
//   one database and one s3rver behind nginx, decision 044) → its file tests with files in S3 →
//   Playwright in Chromium.
// PostgreSQL is a throwaway cluster started from the machine's binaries (scripts/lib/postgres.ts).
// Ends with one line "tests: N passed, N failed" counted from the runners' JSON reports.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { hasPostgres, startPostgres, type PostgresServer } from './lib/postgres';

const root = process.cwd();
// Kept apart from test-results/, which Playwright empties when it starts.
const reports = path.join(root, 'test-reports');
const bin = (pkg: string, file: string) => path.join(root, 'node_modules', pkg, file);
const totals = { passed: 0, failed: 0 };
const started = Date.now();

function run(title: string, args: string[], env: Record<string, string> = {}): boolean {
  const t0 = Date.now();
  console.log(`\n=== ${title}`);
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env } });
  const ok = result.status === 0;
  console.log(`=== ${title}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  return ok;
}

function countVitest(file: string): void {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
}

function countPlaywright(file: string): void {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
  totals.passed += report.stats.expected + report.stats.flaky;
  totals.failed += report.stats.unexpected;
}

function vitest(title: string, project: string, report: string, env: Record<string, string> = {}, files: string[] = []): boolean {
  const file = path.join(reports, report);
  const ok = run(title, [bin('vitest', 'vitest.mjs'), 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...files], env);
  countVitest(file);
  return ok;
}

function finish(ok: boolean): never {
  console.log(`\nAll steps took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
  process.exit(ok && totals.failed === 0 ? 0 : 1);
}

async function main() {
  rmSync(reports, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });
  if (!run('Typecheck', [bin('typescript', 'bin/tsc'), '--noEmit', '-p', '.'])) finish(false);
  // eslint.config.mjs: Next.js, typescript-eslint, react-hooks and jsx-a11y rules; a warning fails too.
  if (!run('Lint', [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings=0'])) finish(false);
  // knip.json: no unused file, export or exported type anywhere in the project.
  if (!run('Unused code (knip)', [bin('knip', 'bin/knip.js'), '--no-progress'])) finish(false);
  if (!vitest('Unit tests', 'unit', 'unit.json')) finish(false);
  if (!run('Build', [bin('next', 'dist/bin/next'), 'build'])) finish(false);
  if (!vitest('API tests on SQLite', 'api', 'api-sqlite.json')) finish(false);
  // D13: the knowledge-base and file-store tests once more with the files in an S3-protocol
  // store (s3rver, started by tests/api/global-setup.ts; decision 043).
  if (!vitest('File tests on SQLite with files in S3 (s3rver)', 'api', 'api-s3.json', { TEST_FILE_STORE: 's3' }, ['tests/api/knowledge-bases.test.ts', 'tests/api/file-store.test.ts'])) finish(false);

  if (!hasPostgres()) {
    console.error('PostgreSQL binaries (initdb, pg_ctl) not found: the PostgreSQL API run cannot happen.');
    finish(false);
  }
  let pg: PostgresServer | undefined;
  try {
    pg = await startPostgres();
    if (!vitest('API tests on PostgreSQL', 'api', 'api-postgres.json', { TEST_DATABASE_URL: pg.url })) finish(false);
    if (!vitest('File tests on PostgreSQL with files in S3 (s3rver)', 'api', 'api-postgres-s3.json', { TEST_DATABASE_URL: pg.url, TEST_FILE_STORE: 's3' }, ['tests/api/knowledge-bases.test.ts', 'tests/api/file-store.test.ts'])) finish(false);
  } finally {
    await pg?.stop();
  }

  const pwReport = path.join(reports, 'e2e.json');
  const e2e = run('End-to-end tests (Playwright, Chromium)', [bin('@playwright/test', 'cli.js'), 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport });
  countPlaywright(pwReport);
  finish(e2e);
}

main().catch((error: unknown) => {
  console.error(error);
  finish(false);
});
