// Loads the database client in each API test worker (global-setup.ts has put DATABASE_URL and
// DATA_DIR in the environment): tests that read or write rows directly call db() synchronously.
import { beforeAll } from 'vitest';
import { loadDatabase } from '@/lib/server/db';

beforeAll(async () => {
  await loadDatabase();
});
