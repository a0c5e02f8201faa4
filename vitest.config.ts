import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure modules, no server) and `api` (HTTP against a real server started by
// tests/api/global-setup.ts on a fresh database; TEST_DATABASE_URL selects PostgreSQL).
// Playwright specs under e2e/ are never picked up here.
export default defineConfig({
  // `server-only` (on the modules only route handlers and server components load) throws outside
  // React's server build; the tests load those modules in plain Node.
  resolve: { alias: { '@': path.resolve(__dirname), 'server-only': path.resolve(__dirname, 'node_modules/server-only/empty.js') } },
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
