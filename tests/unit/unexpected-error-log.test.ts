// The log line of an unexpected error (handleError in lib/api/route.ts): Prisma's code, model and
// driver error kind, the first line of the message, and never a value from the query.
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { handleError } from '@/lib/api/route';
import { ApiError } from '@/lib/errors';
import { PrismaClient } from '@/lib/generated/sqlite/client';
import { databaseTarget } from '@/lib/server/config';
import { migrateDatabase } from '@/lib/server/migrate';
import { describeUnexpectedError } from '@/lib/server/prisma-errors';

const SECRET = 'sk-secret-value-0123456789';
const dir = mkdtempSync(path.join(os.tmpdir(), 'aoc-error-log-'));
let prisma: PrismaClient;

beforeAll(async () => {
  const target = databaseTarget(`file:${path.join(dir, 'app.db')}`);
  await migrateDatabase(target);
  prisma = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: path.join(dir, 'app.db') }) });
});

afterAll(async () => {
  await prisma?.$disconnect();
  rmSync(dir, { recursive: true, force: true });
});

const caught = async (promise: Promise<unknown>): Promise<unknown> => promise.then(() => expect.unreachable('no error'), (error: unknown) => error);

it('names the code and model of a known request error (P2029) and its call, without values', async () => {
  const ids = Array.from({ length: 1200 }, (_, i) => `${SECRET}-${i}`);
  const error = await caught(prisma.agentTool.findMany({ where: { agentId: { in: ids } }, orderBy: { position: 'asc' } }));
  const line = describeUnexpectedError(error);
  expect(line).toMatch(/^PrismaClientKnownRequestError \[P2029, model AgentTool\]: Invalid `.*agentTool\.findMany\(\)` invocation/);
  expect(line).not.toContain(SECRET);
  expect(line).not.toContain('\n');
});

it('names the driver error kind of a failed raw query, not the database message that may quote values', async () => {
  const error = await caught(prisma.$queryRawUnsafe(`SELECT * FROM "NoSuchTable" WHERE "x" = '${SECRET}'`));
  const line = describeUnexpectedError(error);
  expect(line).toContain('P2010');
  expect(line).toContain('driver TableDoesNotExist');
  expect(line).not.toContain(SECRET);
});

it('keeps the code frame and arguments of a validation error out', async () => {
  const error = await caught(prisma.agent.findMany({ where: { temperature: SECRET as unknown as number } }));
  const line = describeUnexpectedError(error);
  expect(line).toMatch(/^PrismaClientValidationError: Invalid `.*agent\.findMany\(\)` invocation/);
  expect(line).not.toContain(SECRET);
});

it('handleError logs "[api] unexpected error:" for unexpected errors only', async () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const error = await caught(prisma.agent.findMany({ where: { temperature: SECRET as unknown as number } }));
    const res = handleError(error);
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain(SECRET);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toBe('[api] unexpected error:');
    expect(String(log.mock.calls[0][1])).not.toContain(SECRET);

    log.mockClear();
    expect(handleError(new ApiError('not_found', 'Agent not found')).status).toBe(404);
    expect(handleError(Object.assign(new Error('gone'), { code: 'P2025' })).status).toBe(404);
    expect(log).not.toHaveBeenCalled();
  } finally {
    log.mockRestore();
  }
});

it('describes other errors by class and first line', () => {
  expect(describeUnexpectedError(new TypeError('\n\nx is not a function\nat line 2'))).toBe('TypeError: x is not a function');
  expect(describeUnexpectedError('a string')).toBe('unknown');
});
