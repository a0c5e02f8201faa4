// The checked-in migrations: the derived PostgreSQL schema is current, the migrations apply to a
// fresh database of each provider, leave no drift from the schema, are idempotent, and the
// generated clients work on the result.
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseTarget } from '@/lib/server/config';
import { PrismaClient as PgClient } from '@/lib/generated/postgres/client';
import { PrismaClient as SqliteClient } from '@/lib/generated/sqlite/client';
import { migrateDatabase, readMigrationsList, schemaPath } from '@/lib/server/migrate';
import { createDatabase, hasPostgres, startPostgres } from '@/scripts/lib/postgres';
import { derivePostgresSchema } from '@/scripts/prisma-generate.mjs';
import { drift } from './schema-drift';

async function migrateTwice(target: DatabaseTarget): Promise<void> {
  const expected = readMigrationsList(target.provider).migrationDirectories.map((d) => d.path);
  expect(expected.length).toBeGreaterThan(0);
  expect(await migrateDatabase(target)).toEqual({ applied: expected });
  expect(await migrateDatabase(target)).toEqual({ applied: [] });
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('migrations', () => {
  it('prisma/postgres/schema.prisma is derived from prisma/schema.prisma', () => {
    const derived = derivePostgresSchema(readFileSync(schemaPath('sqlite'), 'utf8'));
    expect(readFileSync(schemaPath('postgresql'), 'utf8')).toBe(derived);
    expect(derived).toContain('provider = "postgresql"');
  });

  it('apply to a fresh SQLite database without drift', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-test-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'nested', 'app.db'); // the folder is created by migrateDatabase
    const target: DatabaseTarget = { provider: 'sqlite', file, url: `file:${file}` };

    await migrateTwice(target);
    expect(await drift(target)).toEqual({ database: '', migrations: '' });

    // The engine's connections are closed: a client can open the file in the same process.
    const prisma = new SqliteClient({ adapter: new PrismaBetterSqlite3({ url: file }) });
    try {
      const created = await prisma.company.create({ data: { name: 'Acme' } });
      expect(await prisma.company.findUnique({ where: { id: created.id } })).toMatchObject({ name: 'Acme' });
    } finally {
      await prisma.$disconnect();
    }
  });

  it.skipIf(!hasPostgres())('apply to a fresh PostgreSQL database without drift', async () => {
    const server = await startPostgres();
    cleanups.push(() => server.stop());
    const url = await createDatabase(server.url, `test_${process.pid}_${Date.now()}`);
    const target: DatabaseTarget = { provider: 'postgresql', url };

    await migrateTwice(target);
    expect(await drift(target)).toEqual({ database: '', migrations: '' });

    const prisma = new PgClient({ adapter: new PrismaPg({ connectionString: url }) });
    try {
      const created = await prisma.company.create({ data: { name: 'Acme' } });
      expect(await prisma.company.findUnique({ where: { id: created.id } })).toMatchObject({ name: 'Acme' });
    } finally {
      await prisma.$disconnect();
    }
  });
});

