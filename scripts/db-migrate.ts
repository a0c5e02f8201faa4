// Usage: tsx scripts/db-migrate.ts
// Applies the checked-in migrations to DATABASE_URL (default: SQLite under ./data), like
// `prisma migrate deploy`, and prints what it applied.
import { databaseTarget } from '../lib/server/config';
import { loadDatabase } from '../lib/server/db';
import { migrateDatabase, redactUrl } from '../lib/server/migrate';
import { backfillVersions } from '../lib/server/kinds/backfill';

async function main(): Promise<void> {
  const target = databaseTarget();
  const where = target.provider === 'sqlite' ? target.file : redactUrl(target.url);
  const started = Date.now();
  const { applied } = await migrateDatabase(target);
  const took = `${Date.now() - started} ms`;
  if (applied.length === 0) console.log(`${target.provider} ${where}: already up to date (${took})`);
  else console.log(`${target.provider} ${where}: applied ${applied.length} migration(s) in ${took}:\n${applied.map((m) => `  ${m}`).join('\n')}`);
  const client = await loadDatabase();
  const versions = await backfillVersions();
  if (versions) console.log(`first versions written for ${versions} resource(s) that had none (decision 013)`);
  await client.$disconnect();
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
