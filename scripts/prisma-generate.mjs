// Generates the Prisma clients for SQLite and PostgreSQL from prisma/schema.prisma.
// The PostgreSQL schema is derived here (only the datasource provider and output differ),
// so there is one source of truth for the models. Needs no native engine.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sqliteSchema = path.join(root, 'prisma', 'schema.prisma');
const pgSchema = path.join(root, 'prisma', 'postgres', 'schema.prisma');

export function derivePostgresSchema(text) {
  return text
    .replace(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"')
    .replace(/output\s*=\s*"\.\.\/lib\/generated\/sqlite"/, 'output   = "../../lib/generated/postgres"')
    .replace(/^\/\/ SOURCE OF TRUTH.*$/m, '// GENERATED from ../schema.prisma by scripts/prisma-generate.mjs: do not edit.');
}

function main() {
  if (!existsSync(sqliteSchema)) return;
  mkdirSync(path.dirname(pgSchema), { recursive: true });
  writeFileSync(pgSchema, derivePostgresSchema(readFileSync(sqliteSchema, 'utf8')));
  const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || '/bin/false', PRISMA_HIDE_UPDATE_MESSAGE: '1' };
  for (const schema of [sqliteSchema, pgSchema]) {
    execFileSync(process.execPath, [path.join(root, 'node_modules', 'prisma', 'build', 'index.js'), 'generate', '--schema', schema], { stdio: 'inherit', env, cwd: root });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
