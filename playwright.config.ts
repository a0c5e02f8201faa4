// Browser tests of the console: Chromium against the BUILT app (`next build` first; NEXT_DIST_DIR
// selects the build folder) served by server.ts on a fresh database in a temp folder.
// Chromium comes from Debian (`apt-get install chromium`) unless PLAYWRIGHT_CHROMIUM_PATH says
// otherwise; where neither exists, Playwright's own browser is used.
import { defineConfig, devices } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS } from './e2e/chromium';
import { OUTPUT_DIR, STORAGE_STATE } from './e2e/paths';

// Set once in the runner; worker processes inherit them through the environment.
process.env.E2E_PORT ||= String(4100 + (process.pid % 800));
process.env.E2E_DATA_DIR ||= mkdtempSync(path.join(os.tmpdir(), 'aoc-e2e-'));

const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const distDir = process.env.NEXT_DIST_DIR || '.next';
if (!existsSync(path.join(distDir, 'BUILD_ID'))) {
  throw new Error(`No build in ${distDir}: run \`NEXT_DIST_DIR=${distDir} npx next build\` before the browser tests.`);
}

const DEBIAN_CHROMIUM = '/usr/lib/chromium/chromium';
const executablePath = process.env.PLAYWRIGHT_CHROMIUM_PATH || (existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined);

export default defineConfig({
  testDir: 'e2e',
  outputDir: OUTPUT_DIR,
  globalTeardown: './e2e/global-teardown.ts',
  workers: 1,
  retries: 0,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // `npm test` (scripts/validate.ts) sets PLAYWRIGHT_JSON_OUTPUT_NAME to count the results.
  reporter: [
    ['list'],
    ...(process.env.CI ? ([['html', { open: 'never' }]] as const) : []),
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? ([['json']] as const) : []),
  ],
  use: {
    baseURL,
    // An action waits for its element at most this long (Playwright's default is forever, which
    // let one missing element hold a test for its whole timeout without saying which step).
    actionTimeout: 60_000,
    viewport: { width: 1280, height: 860 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // First-run setup through the browser; leaves the signed-in administrator's cookies behind.
    { name: 'setup', testMatch: /.*\.setup\.ts/, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 860 } } },
    {
      name: 'console',
      testMatch: /.*\.spec\.ts/,
      dependencies: ['setup'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 860 }, storageState: STORAGE_STATE },
    },
  ],
  webServer: {
    command: 'node node_modules/tsx/dist/cli.mjs server.ts',
    url: `${baseURL}/api/session/setup`,
    timeout: 90_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: process.env.E2E_DATABASE_URL || `file:${path.join(process.env.E2E_DATA_DIR, 'app.db')}`,
      NODE_ENV: 'production',
      NEXT_DIST_DIR: distDir,
      NEXT_TELEMETRY_DISABLED: '1',
    },
  },
});
