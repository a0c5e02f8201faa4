// Heavy work never stalls the others (issue 21 part 4, decisions 086 and 095). Asserted by order
// and outcome, never by time: while a bundle import at its caps runs, requests sent after it began
// answer before it does (on SQLite too, where its statements used to hold the event loop until it
// committed), and see none of it until it commits; creations sent after it began are written
// before it writes anything (it holds SQLite's single writer only for its short write);
// brute-force attempts are removed by the server's own housekeeping once their window no longer
// counts them, without any request.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { bundleImportBody, MAX_BUNDLE_ITEMS } from '@/lib/schemas/bundle';
import { PlanChanged, prepareImport, writeImport } from '@/lib/server/bundles';
import { maximalBundleImport } from '@/scripts/lib/max-bundle';
import type { Prisma } from '@/lib/generated/sqlite/client';
import { createKnowledgeBase, createTool } from './factories';
import { call, newCompany } from './helpers';

/** Polls `check` every 50 ms until it holds or `stop()` does; answers whether it held. */
async function until(check: () => Promise<boolean>, stop: () => boolean): Promise<boolean> {
  for (;;) {
    if (await check()) return true;
    if (stop()) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a long write lets other requests through', () => {
  it('while a maximal bundle import runs, /api/health, another company’s list and the importer’s own list answer first, without any of it', { timeout: 180_000 }, async () => {
    const importer = await newCompany();
    const other = await newCompany();
    const key = randomUUID();
    const order: string[] = [];
    let importAnswered = false;
    const imported = call('/bundles/import', { method: 'POST', token: importer.token, body: maximalBundleImport(key), headers: { 'idempotency-key': key } }).then((res) => {
      importAnswered = true;
      order.push('import');
      return res;
    });
    // Under way: its Idempotency-Key is claimed (committed) just before it reads or writes anything.
    const started = await until(async () => (await db().idempotencyKey.count({ where: { key } })) > 0, () => importAnswered);
    expect(started, 'the import answered before its claim was seen: nothing to race').toBe(true);
    const track = <T>(name: string, request: Promise<T>) => request.then((res) => (order.push(name), res));
    const [health, otherList, ownList] = await Promise.all([
      track('health', call('/health')),
      track('other company', call('/agents', { token: other.token })),
      track('importer', call('/agents', { token: importer.token })),
    ]);
    const result = await imported;
    expect(result.status, result.text.slice(0, 300)).toBe(201);
    expect(health.status).toBe(200);
    expect(otherList.status).toBe(200);
    expect(ownList.status).toBe(200);
    expect(order.at(-1)).toBe('import');
    expect(order).toHaveLength(4);
    // All or nothing still: what answered during the import saw none of it; after, all of it.
    expect(otherList.body).toEqual([]);
    expect(ownList.body).toEqual([]);
    const after = await call(`/agents?limit=${MAX_BUNDLE_ITEMS}`, { token: importer.token });
    expect(after.body).toHaveLength(MAX_BUNDLE_ITEMS);
  });
});

describe('an import holds the single writer only for its short write (decision 095)', () => {
  it('creations sent while a maximal import is under way commit before it writes anything; it then writes every row, version and event in order', { timeout: 180_000 }, async () => {
    const importer = await newCompany();
    const other = await newCompany();
    const key = randomUUID();
    let importAnswered = false;
    const imported = call('/bundles/import', { method: 'POST', token: importer.token, body: maximalBundleImport(key), headers: { 'idempotency-key': key } }).then((res) => {
      importAnswered = true;
      return res;
    });
    // Under way once its Idempotency-Key is claimed (committed before the import reads or writes anything).
    const started = await until(async () => (await db().idempotencyKey.count({ where: { key } })) > 0, () => importAnswered);
    expect(started, 'the import answered before its claim was seen: nothing to race').toBe(true);
    // Another company's creations, one after another, each sent after the import began, until it answers.
    const created: string[] = [];
    while (!importAnswered) created.push(await createKnowledgeBase(other));
    const result = await imported;
    expect(result.status, result.text.slice(0, 300)).toBe(201);
    expect(created.length).toBeGreaterThan(0);

    // ORDER, read from the database (activity rows are numbered as they are written): the first
    // creation sent after the import began was written before the import's first row.
    const seqOf = async (where: Prisma.ActivityEventWhereInput, order: 'asc' | 'desc') =>
      (await db().activityEvent.findFirst({ where, orderBy: { seq: order }, select: { seq: true } }))!.seq;
    const firstCreation = await seqOf({ companyId: other.id, resourceId: created[0], action: 'created' }, 'asc');
    const firstImported = await seqOf({ companyId: importer.id, action: 'created' }, 'asc');
    const lastImported = await seqOf({ companyId: importer.id, action: 'bundle-imported' }, 'desc');
    expect(firstCreation).toBeLessThan(firstImported);

    // Every row of the import, and only those: one version and one event per resource, in the
    // order the resources are created (models, tools, bases, agents, the squad), then the import's own event.
    const where = { companyId: importer.id };
    const n = MAX_BUNDLE_ITEMS;
    const [agents, tools, kbs, models, squads, agentHistory, modelHistory, squadHistory, versions] = await Promise.all([
      db().agent.count({ where }), db().tool.count({ where }), db().knowledgeBase.count({ where }), db().aiModel.count({ where }), db().squad.count({ where }),
      db().agentHistory.count({ where }), db().aiModelHistory.count({ where }), db().squadHistory.count({ where }), db().resourceVersion.count({ where }),
    ]);
    expect({ agents, tools, kbs, models, squads, agentHistory, modelHistory, squadHistory, versions }).toEqual({
      agents: n, tools: n, kbs: n, models: n, squads: 1, agentHistory: n, modelHistory: n, squadHistory: 1, versions: 4 * n + 1,
    });
    const events = await db().activityEvent.findMany({ where: { ...where, seq: { gte: firstImported, lte: lastImported } }, orderBy: { seq: 'asc' }, select: { action: true, kind: true } });
    const kinds = ['ai-models', 'tools', 'knowledge-bases', 'agents'].flatMap((kind) => Array.from({ length: n }, () => `created ${kind}`));
    expect(events.map((e) => `${e.action} ${e.kind}`)).toEqual([...kinds, 'created squads', 'bundle-imported squads']);
    // Lists show the resources in the bundle's order.
    const list = await call(`/agents?limit=${n}`, { token: importer.token });
    expect(list.body.map((agent: { name: string }) => agent.name)).toEqual(Array.from({ length: n }, (_, i) => `Heavy agent ${key} ${i}`));
    const squad = (await call(`/squads/${result.body.data.squad.id}`, { token: importer.token })).body.data;
    expect(squad.tasks.map((t: { agent: string }) => t.agent)).toEqual(list.body.map((agent: { id: string }) => agent.id));
  });
});

describe('an import prepared before its write (decision 095)', () => {
  it('writes nothing when a name it matched changed after its preparation; prepared again, it matches the new resource', async () => {
    const company = await newCompany();
    const key = randomUUID();
    const actor = { companyId: company.id, kind: 'apiKey' as const, id: company.apiKeyId, name: 'heavy-work test', userId: null, role: 'admin' as const, sectors: [] };
    const body = bundleImportBody.parse(maximalBundleImport(key, 3));
    const prepared = await prepareImport(actor, body.bundle, body.apikeys);
    expect(prepared.answer.items.every((item) => item.action === 'create')).toBe(true);
    // Meanwhile a tool named like one the bundle creates: the plan no longer holds.
    const tool = await createTool(company, { name: `Heavy tool ${key} 1` });
    await expect(writeImport(actor, body.bundle, prepared)).rejects.toBeInstanceOf(PlanChanged);
    const where = { companyId: company.id };
    expect([await db().agent.count({ where }), await db().aiModel.count({ where }), await db().squad.count({ where }), await db().tool.count({ where })]).toEqual([0, 0, 0, 1]);
    // The import through the API prepares from what is there now: that tool is matched, not created again.
    const res = await call('/bundles/import', { method: 'POST', token: company.token, body: maximalBundleImport(key, 3) });
    expect(res.status, res.text.slice(0, 300)).toBe(201);
    expect(res.body.data.items.find((item: { ref: string }) => item.ref === 'tool-1')).toMatchObject({ action: 'match', id: tool });
    expect(await db().tool.count({ where })).toBe(3);
  });
});

describe('housekeeping runs outside requests', () => {
  it('removes brute-force attempts once their own window no longer counts them, with no request asking', { timeout: 90_000 }, async () => {
    const suffix = randomUUID();
    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000);
    // An address counts its last minute, an account its last 15 minutes (decision 009).
    const address = `address:heavy-${suffix}`;
    const account = `account:heavy-${suffix}`;
    await db().authLimitBucket.createMany({ data: [{ id: address, touchedAt: twoMinutesAgo }, { id: account, touchedAt: twoMinutesAgo }] });
    await db().authFailure.createMany({ data: [{ bucket: address, at: twoMinutesAgo }, { bucket: account, at: twoMinutesAgo }] });
    const bound = Date.now() + 60_000; // a generous bound on the outcome, not a measured time: the sweep runs every 15 s
    const gone = await until(async () => (await db().authFailure.count({ where: { bucket: address } })) === 0, () => Date.now() > bound);
    expect(gone, 'the address’s attempt outlived its window').toBe(true);
    // The account's attempt still counts (and its bucket stays): only what no window counts goes.
    expect(await db().authFailure.count({ where: { bucket: account } })).toBe(1);
    expect(await db().authLimitBucket.count({ where: { id: { in: [address, account] } } })).toBe(2);
  });
});
