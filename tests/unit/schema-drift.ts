// What the migrated database and the replayed migrations folder lack of prisma/schema.prisma, asked
// of Prisma's schema engine (tests/unit/migrations.test.ts, tests/unit/migrate-sqlite.test.ts).
import { readFileSync } from 'node:fs';
import type { DatabaseTarget } from '@/lib/server/config';
import { readMigrationsList, SCHEMA_FILTERS, schemaPath, withSchemaEngine } from '@/lib/server/migrate';
import { derivePostgresSchema } from '@/scripts/prisma-generate.mjs';

const schemaFiles = (provider: DatabaseTarget['provider']) => {
  const source = readFileSync(schemaPath('sqlite'), 'utf8');
  return [{ path: schemaPath(provider), content: provider === 'sqlite' ? source : derivePostgresSchema(source) }];
};

/** SQL that would take the migrated database, and the replayed migrations folder, to the schema ('' when none). */
export async function drift(target: DatabaseTarget): Promise<{ database: string; migrations: string }> {
  const files = schemaFiles(target.provider);
  const to = { tag: 'schemaDatamodel' as const, files };
  return withSchemaEngine(
    target,
    async (engine) => {
      const fromDb = await engine.diff({ from: { tag: 'schemaDatasource', files, configDir: process.cwd() }, to, script: true, exitCode: true, filters: SCHEMA_FILTERS });
      const fromMigrations = await engine.diff({ from: { tag: 'migrations', ...readMigrationsList(target.provider) }, to, script: true, exitCode: true, filters: SCHEMA_FILTERS });
      const sql = (r: { exitCode: number; stdout: string | null }) => (r.exitCode === 0 ? '' : (r.stdout ?? '(non-empty diff)'));
      return { database: sql(fromDb), migrations: sql(fromMigrations) };
    },
    { datamodels: files.map((f) => [f.path, f.content] as [string, string]) },
  );
}

