// Usage: tsx scripts/db-new-migration.ts <name>
// The `prisma migrate dev --create-only` equivalent, for both providers: writes
// prisma/migrations/<timestamp>_<name>/ and prisma/postgres/migrations/<timestamp>_<name>/ with
// the SQL that takes the checked-in migrations to the current schema (prisma/schema.prisma).
// SQLite works on temporary files; PostgreSQL on a throwaway cluster (scripts/lib/postgres.ts).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseTarget } from '../lib/server/config';
import {
  engineErrorMessage,
  migrationLockContent,
  migrationsDir,
  readMigrationsList,
  SCHEMA_FILTERS,
  schemaPath,
  withSchemaEngine,
  type Provider,
} from '../lib/server/migrate';
import { derivePostgresSchema } from './prisma-generate.mjs';
import { startPostgres } from './lib/postgres';

/** The schema each provider migrates to; the PostgreSQL one is derived from the source of truth. */
function schemaFor(provider: Provider): { path: string; content: string } {
  const source = readFileSync(schemaPath('sqlite'), 'utf8');
  return { path: schemaPath(provider), content: provider === 'sqlite' ? source : derivePostgresSchema(source) };
}

/** The SQL of the next migration for `provider`, or null when the migrations already match the schema. */
async function nextMigrationSql(target: DatabaseTarget, name: string): Promise<string | null> {
  const schema = schemaFor(target.provider);
  const migrationsList = readMigrationsList(target.provider);
  return withSchemaEngine(
    target,
    async (engine) => {
      // Bring the scratch database to the migrations' state first: devDiagnostic needs
      // `_prisma_migrations` (pitfall 2), and createMigration only runs after devDiagnostic.
      await engine.applyMigrations({ migrationsList, filters: SCHEMA_FILTERS });
      const { action } = await engine.devDiagnostic({ migrationsList, filters: SCHEMA_FILTERS });
      if (action.tag === 'reset') throw new Error(`the migrations folder cannot be replayed: ${action.reason}`);
      const out = await engine.createMigration({ draft: false, migrationName: name, migrationsList, schema: { files: [schema] }, filters: SCHEMA_FILTERS });
      return out.migrationScript;
    },
    { datamodels: [[schema.path, schema.content]] },
  );
}

/** Prisma's folder prefix (UTC YYYYMMDDHHMMSS), kept after every existing migration of both providers. */
function timestamp(): string {
  const now = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const existing = (['sqlite', 'postgresql'] as const).flatMap((p) => readMigrationsList(p).migrationDirectories.map((d) => d.path.slice(0, 14)));
  const last = existing.filter((p) => /^\d{14}$/.test(p)).sort().at(-1);
  return last && last >= now ? String(BigInt(last) + 1n) : now;
}

async function main(): Promise<void> {
  const raw = process.argv[2];
  if (!raw) throw new Error('usage: tsx scripts/db-new-migration.ts <name>');
  const name = raw.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  if (!name) throw new Error(`invalid migration name: ${raw}`);

  const scratch = mkdtempSync(path.join(os.tmpdir(), 'db-new-migration-'));
  const file = path.join(scratch, 'scratch.db');
  const sql: Partial<Record<Provider, string | null>> = {};
  try {
    sql.sqlite = await nextMigrationSql({ provider: 'sqlite', file, url: `file:${file}` }, name);
    const server = await startPostgres();
    try {
      sql.postgresql = await nextMigrationSql({ provider: 'postgresql', url: server.url }, name);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  const changed = (['sqlite', 'postgresql'] as const).filter((p) => sql[p]);
  if (changed.length === 0) {
    console.log('no changes');
    return;
  }
  const folder = `${timestamp()}_${name}`;
  for (const provider of changed) {
    const base = migrationsDir(provider);
    mkdirSync(path.join(base, folder), { recursive: true });
    writeFileSync(path.join(base, folder, 'migration.sql'), sql[provider]!);
    const lock = path.join(base, 'migration_lock.toml');
    if (!existsSync(lock)) writeFileSync(lock, migrationLockContent(provider));
    console.log(`created ${path.relative(process.cwd(), path.join(base, folder, 'migration.sql'))}`);
  }
  for (const provider of (['sqlite', 'postgresql'] as const).filter((p) => !sql[p])) console.log(`${provider}: no changes`);
}

main().catch((e: unknown) => {
  console.error(`db-new-migration: ${engineErrorMessage(e)}`);
  process.exit(1);
});
