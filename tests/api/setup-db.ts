// Loads the database client in each API test worker (global-setup.ts has put DATABASE_URL and
// DATA_DIR in the environment): tests that read or write rows directly call db() synchronously;
// prepares the response check (response-check.ts).
import { beforeAll } from 'vitest';
import { loadDatabase } from '@/lib/server/db';
import { prepareResponseCheck } from './response-check';

beforeAll(async () => {
  await loadDatabase();
  // Also: every answer is checked against the OpenAPI document; compile its schemas before the tests.
  prepareResponseCheck();
});
