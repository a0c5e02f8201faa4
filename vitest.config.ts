import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure modules, no server) and `api` (HTTP against a real server started by
// tests/api/global-setup.ts on a fresh database; TEST_DATABASE_URL selects PostgreSQL).
// Playwright specs under e2e/ are never picked up here.
export default defineConfig({
  resolve: { alias: { '@': path.resolve(__dirname) } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'lib/**/*.test.ts'], testTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          setupFiles: ['tests/api/setup-db.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
