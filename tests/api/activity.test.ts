// Activity (D12): every resource change and the security events written here are recorded with
// their actor, address and user agent; GET /api/activity filters, pages newest first without
// repeats while events are written, refuses bad values (400 naming them) and callers below admin
// (403); a sector-limited admin sees its sectors only; the CSV and JSON Lines exports stream
// 100,000 events; the retention setting and its sweep remove older events.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { bulkInsert } from '@/scripts/lib/bulk-insert';
import { db } from '@/lib/server/db';
import { sha256 } from '@/lib/server/crypto';
import { newApiKeySecret } from '@/lib/server/auth/tokens';
import { removeExpiredActivity } from '@/lib/server/activity-log';
import { ACTIVITY_CSV_COLUMNS } from '@/lib/schemas/activity';
import { agentBody, createModel, createTool } from './factories';
import { baseUrl, call, errorPaths, expectError, newCompany, type LooseJson, type TestCompany } from './helpers';

type Item = Record<string, LooseJson>;

/** An access token of a new API key of `company` with `role` and `sectors` (made in the database, as the keys' own routes will). */
async function keyToken(company: TestCompany, role: string, sectors: string[] = []): Promise<{ token: string; id: string }> {
  const secret = newApiKeySecret();
  const key = await db().apiKey.create({ data: { companyId: company.id, name: `${role} key`, prefix: secret.slice(0, 10), hash: sha256(secret), role, sectors } });
  const res = await call('/authentication/generate-access-token', { headers: { authorization: `ApiKey ${secret}` } });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${res.text}`);
  return { token: res.body.data.idToken, id: key.id };
}

const activity = (company: { token: string }, query = '') => call(`/activity${query ? `?${query}` : ''}`, { token: company.token });

/** Every page of a query, following `next`. */
async function allPages(token: string, query: string, limit = 50): Promise<Item[]> {
  const items: Item[] = [];
  let last = '';
  for (;;) {
    const res = await call(`/activity?limit=${limit}${query ? `&${query}` : ''}${last ? `&last=${encodeURIComponent(last)}` : ''}`, { token });
    expect(res.status, res.text).toBe(200);
    items.push(...res.body.data.items);
    if (!res.body.data.next) return items;
    last = res.body.data.next;
  }
}

let seq = 0;
/** Events as the store writes them, inserted directly (fast): `at` and the fields given. */
function eventRows(companyId: string, count: number, fields: (i: number) => Record<string, unknown>) {
  return Array.from({ length: count }, (_, i) => ({
    id: `ev-${randomUUID()}`,
    companyId,
    at: new Date(Date.UTC(2026, 0, 1) + ++seq),
    actorKind: 'apiKey',
    actorId: 'seeded-key',
    actorName: 'Seeder',
    action: 'updated',
    kind: 'tools',
    resourceId: `tool-${i}`,
    resourceName: `Tool ${i}`,
    version: 1,
    sectors: ['support'],
    ...fields(i),
  }));
}

describe('recording', () => {
  let company: TestCompany;
  beforeAll(async () => {
    company = await newCompany();
  });

  it('writes one event per resource change, named like its version, with actor, address and user agent', async () => {
    const toolId = await createTool(company, { name: 'Recorded tool', sectors: ['support', 'sales'] });
    const put = await call(`/tools/${toolId}`, { method: 'PUT', token: company.token, body: { description: 'changed' } });
    expect(put.status, put.text).toBe(200);
    const del = await call(`/tools/${toolId}`, { method: 'DELETE', token: company.token });
    expect(del.status, del.text).toBe(200);
    const res = await activity(company, `resource=${toolId}`);
    expect(res.status, res.text).toBe(200);
    const items: Item[] = res.body.data.items;
    expect(items.map((i) => [i.action, i.version])).toEqual([
      ['deleted', 3],
      ['updated', 2],
      ['created', 1],
    ]);
    const created = items[2];
    expect(created).toMatchObject({
      actor: { kind: 'apiKey', id: company.apiKeyId, name: 'default' },
      kind: 'tools',
      resourceId: toolId,
      resourceName: 'Recorded tool',
    });
    expect(typeof created.address).toBe('string');
    expect(typeof created.userAgent).toBe('string');
    expect(Date.parse(created.at)).not.toBeNaN();
    // The versions say the same.
    const versions = await call(`/tools/${toolId}/versions`, { token: company.token });
    expect(versions.body.data.items.map((v: Item) => v.version)).toEqual([3, 2, 1]);
  });

  it('records the batched agent creation, enabling, and every kind', async () => {
    const modelId = await createModel(company);
    const created = await call('/agents', { method: 'POST', token: company.token, body: agentBody(modelId, { name: 'Recorded agent' }) });
    expect(created.status, created.text).toBe(201);
    const agentId = created.body.data.id;
    const disabled = await call(`/agents/${agentId}/enable`, { method: 'PUT', token: company.token, body: { enabled: false } });
    expect(disabled.status, disabled.text).toBe(200);
    const agent = await activity(company, `kind=agents&resource=${agentId}`);
    expect(agent.body.data.items.map((i: Item) => [i.action, i.version, i.resourceName])).toEqual([
      ['disabled', 2, 'Recorded agent'],
      ['created', 1, 'Recorded agent'],
    ]);
    const model = await activity(company, `kind=ai-models&resource=${modelId}`);
    expect(model.body.data.items.map((i: Item) => i.action)).toEqual(['created']);
  });

  it('records a bundle import and API keys created and revoked', async () => {
    const suffix = randomUUID().slice(0, 8);
    const bundle = {
      format: 'aoc-bundle',
      version: 1,
      squad: { name: `Imported ${suffix}`, order: 'sequential', enabled: true, do_plan: false, sectors: ['support'], publisher: 'qa', planningAgent: null, supervisor: null, tasks: [] },
      agents: [],
      tools: [],
      knowledgeBases: [],
      aiModels: [],
    };
    const imported = await call('/bundles/import', { method: 'POST', token: company.token, body: { bundle, dryRun: false } });
    expect(imported.status, imported.text).toBe(201);
    const squadId = imported.body.data.squad.id;
    const events = await activity(company, `resource=${squadId}`);
    expect(events.body.data.items.map((i: Item) => [i.action, i.kind])).toEqual([
      ['bundle-imported', 'squads'],
      ['created', 'squads'],
    ]);

    const key = await call('/api-keys', { method: 'POST', token: company.token, body: { name: `Audited ${suffix}` } });
    expect(key.status, key.text).toBe(201);
    await call(`/api-keys/${key.body.data.id}`, { method: 'DELETE', token: company.token });
    await call(`/api-keys/${key.body.data.id}`, { method: 'DELETE', token: company.token }); // a second revoke changes nothing
    const keyEvents = await activity(company, `resource=${key.body.data.id}`);
    expect(keyEvents.body.data.items.map((i: Item) => [i.action, i.resourceName, i.actor.id])).toEqual([
      ['api-key-revoked', `Audited ${suffix}`, company.apiKeyId],
      ['api-key-created', `Audited ${suffix}`, company.apiKeyId],
    ]);
    // The secret is in no event.
    const all = await activity(company, 'limit=100');
    expect(all.text).not.toContain(key.body.data.apiKey);
  });
});

describe('filters and refusals', () => {
  let company: TestCompany;
  const rows: ReturnType<typeof eventRows> = [];
  beforeAll(async () => {
    company = await newCompany();
    rows.push(
      ...eventRows(company.id, 40, (i) => ({
        at: new Date(Date.UTC(2026, 2, 1 + i)), // 1 March + i days
        actorKind: i % 4 === 0 ? 'user' : 'apiKey',
        actorId: i % 4 === 0 ? 'user-1' : 'key-1',
        actorName: i % 4 === 0 ? 'Ada' : 'CI key',
        action: i % 3 === 0 ? 'created' : i % 3 === 1 ? 'updated' : 'signed-in',
        kind: i % 3 === 2 ? null : i % 2 ? 'agents' : 'tools',
        resourceId: i % 3 === 2 ? null : `res-${i % 5}`,
        version: i % 3 === 2 ? null : i + 1,
        sectors: i % 3 === 2 ? null : ['support'],
      })),
    );
    await bulkInsert('ActivityEvent', rows);
  });

  const expected = (keep: (row: (typeof rows)[number]) => boolean) =>
    rows
      .filter(keep)
      .map((r) => r.id)
      .reverse();

  it('answers newest first with the D12 item shape, optional fields left out', async () => {
    const items = await allPages(company.token, '', 7);
    expect(items.map((i) => i.id)).toEqual(expected(() => true));
    const security = items.find((i) => i.action === 'signed-in')!;
    expect(Object.keys(security).sort()).toEqual(['action', 'actor', 'at', 'id', 'resourceName']);
    const change = items.find((i) => i.action === 'created')!;
    expect(Object.keys(change).sort()).toEqual(['action', 'actor', 'at', 'id', 'kind', 'resourceId', 'resourceName', 'version']);
  });

  it.each([
    ['actor=user-1', (r: (typeof rows)[number]) => r.actorId === 'user-1'],
    ['actorKind=apiKey', (r: (typeof rows)[number]) => r.actorKind === 'apiKey'],
    ['kind=agents', (r: (typeof rows)[number]) => r.kind === 'agents'],
    ['resource=res-3', (r: (typeof rows)[number]) => r.resourceId === 'res-3'],
    ['action=signed-in', (r: (typeof rows)[number]) => r.action === 'signed-in'],
    // from inclusive, to exclusive: 5 March 00:00 to 10 March 00:00 is days 4 to 8.
    ['from=2026-03-05&to=2026-03-10T00:00:00Z', (r: (typeof rows)[number]) => r.at >= new Date(Date.UTC(2026, 2, 5)) && r.at < new Date(Date.UTC(2026, 2, 10))],
    ['kind=tools&actorKind=user&from=2026-03-02', (r: (typeof rows)[number]) => r.kind === 'tools' && r.actorKind === 'user' && r.at >= new Date(Date.UTC(2026, 2, 2))],
  ])('filters by %s', async (query, keep) => {
    const ids = (await allPages(company.token, query, 4)).map((i) => i.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual(expected(keep));
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['last=not-a-cursor', 'last'],
    ['actorKind=robot', 'actorKind'],
    ['kind=widgets', 'kind'],
    ['action=exploded', 'action'],
    ['from=yesterday', 'from'],
    ['to=2026-13-45', 'to'],
    ['format=xml', 'format'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const res = await activity(company, query);
    const error = expectError(res, 400);
    expect(errorPaths(res).concat(error.message).join(' ')).toContain(field);
  });

  it('is for admins and owners: an editor or viewer key gets 403, and another company sees nothing of it', async () => {
    for (const role of ['editor', 'viewer']) {
      const { token } = await keyToken(company, role);
      expect(expectError(await call('/activity', { token }), 403).message).toContain('admin');
      expect((await call('/activity/settings', { token })).status).toBe(403);
      expectError(await call('/activity/settings', { method: 'PUT', token, body: { retentionDays: 30 } }), 403);
    }
    const admin = await keyToken(company, 'admin');
    expect((await call('/activity', { token: admin.token })).status).toBe(200);
    const other = await newCompany();
    const ids = (await allPages(other.token, '')).map((i) => i.id);
    expect(ids.filter((id) => rows.some((r) => r.id === id))).toEqual([]);
  });

  it('shows a sector-limited admin the events of its sectors and its own security events only', async () => {
    const limited = await keyToken(company, 'admin', ['sales']);
    const mine = eventRows(company.id, 1, () => ({ action: 'signed-in', kind: null, resourceId: null, version: null, sectors: null, actorId: limited.id }))[0];
    const theirs = eventRows(company.id, 1, () => ({ action: 'signed-in', kind: null, resourceId: null, version: null, sectors: null }))[0];
    const sales = eventRows(company.id, 1, () => ({ sectors: ['sales', 'support'] }))[0];
    const unsectored = eventRows(company.id, 1, () => ({ sectors: [] }))[0];
    await bulkInsert('ActivityEvent', [mine, theirs, sales, unsectored]);
    const ids = (await allPages(limited.token, '')).map((i) => i.id);
    expect(ids).toEqual([sales.id, mine.id]);
    const csv = await fetch(`${baseUrl()}/api/activity?format=jsonl`, { headers: { authorization: limited.token } });
    expect((await csv.text()).trim().split('\n').map((l) => JSON.parse(l).id)).toEqual([sales.id, mine.id]);
    expectError(await call('/activity/settings', { method: 'PUT', token: limited.token, body: { retentionDays: 30 } }), 403);
  });
});

describe('paging while events are written', () => {
  it('never repeats or skips an event that existed when paging began', async () => {
    const company = await newCompany();
    const seeded = eventRows(company.id, 230, () => ({}));
    await bulkInsert('ActivityEvent', seeded);
    const seen: string[] = [];
    let last = '';
    let pages = 0;
    for (;;) {
      const res = await activity(company, `limit=25${last ? `&last=${encodeURIComponent(last)}` : ''}`);
      expect(res.status, res.text).toBe(200);
      seen.push(...res.body.data.items.map((i: Item) => i.id));
      // Between page reads: new events, through the API (a tool change) and directly.
      await createTool(company);
      await bulkInsert('ActivityEvent', eventRows(company.id, 3, () => ({ at: new Date() })));
      pages++;
      if (!res.body.data.next) break;
      last = res.body.data.next;
    }
    expect(pages).toBe(10);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(seeded.map((r) => r.id).reverse());
  });
});

/** Reads a streamed answer chunk by chunk, counting lines, keeping only the first and last few. */
async function readLines(res: Response): Promise<{ count: number; head: string[]; tail: string[]; bytes: number }> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let rest = '';
  let count = 0;
  let bytes = 0;
  const head: string[] = [];
  const tail: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    const lines = (rest + value).split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      count++;
      if (head.length < 3) head.push(line);
      tail.push(line);
      if (tail.length > 3) tail.shift();
    }
  }
  expect(rest).toBe('');
  return { count, head, tail, bytes };
}

describe('export', () => {
  const N = 100_000;
  let company: TestCompany;
  let rows: ReturnType<typeof eventRows>;
  beforeAll(async () => {
    company = await newCompany();
    rows = eventRows(company.id, N, (i) => ({ resourceName: `Tool ${i}`, sectors: null }));
    await bulkInsert('ActivityEvent', rows);
  }, 300_000);

  it(`streams ${N.toLocaleString('en')} events as CSV, newest first`, async () => {
    const res = await fetch(`${baseUrl()}/api/activity?format=csv`, { headers: { authorization: company.token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="activity-.*\.csv"/);
    const { count, head, tail } = await readLines(res);
    expect(count).toBe(N + 1);
    expect(head[0]).toBe(`${ACTIVITY_CSV_COLUMNS.join(',')}\r`);
    expect(head[1].startsWith(`${rows[N - 1].id},`)).toBe(true);
    expect(tail[2].startsWith(`${rows[0].id},`)).toBe(true);
  }, 300_000);

  it(`streams ${N.toLocaleString('en')} events as JSON Lines, filters applied`, async () => {
    const res = await fetch(`${baseUrl()}/api/activity?format=jsonl`, { headers: { authorization: company.token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const { count, head, tail } = await readLines(res);
    expect(count).toBe(N);
    expect(JSON.parse(head[0])).toMatchObject({ id: rows[N - 1].id, action: 'updated', kind: 'tools', actor: { kind: 'apiKey', id: 'seeded-key', name: 'Seeder' } });
    expect(JSON.parse(tail[2]).id).toBe(rows[0].id);
    const one = await fetch(`${baseUrl()}/api/activity?format=jsonl&resource=tool-7`, { headers: { authorization: company.token } });
    expect((await one.text()).trim().split('\n').map((l) => JSON.parse(l).id)).toEqual([rows[7].id]);
  }, 300_000);

  it('quotes CSV cells and keeps formulas from running', async () => {
    const other = await newCompany();
    const [row] = eventRows(other.id, 1, () => ({ resourceName: '=HYPERLINK("http://x","a, b")\nnext', actorName: '@admin', userAgent: 'plain' }));
    await bulkInsert('ActivityEvent', [row]);
    const text = await (await fetch(`${baseUrl()}/api/activity?format=csv`, { headers: { authorization: other.token } })).text();
    const line = text.slice(text.indexOf('\r\n') + 2);
    expect(line).toContain(`,'@admin,`);
    expect(line).toContain(`,"'=HYPERLINK(""http://x"",""a, b"")\nnext",`);
    expect(line.endsWith(',plain\r\n')).toBe(true);
  });
});

describe('retention', () => {
  const DAY = 24 * 60 * 60 * 1000;
  it('keeps events for ever by default, then removes those older than the setting (at once and by the sweep)', async () => {
    const company = await newCompany();
    const other = await newCompany();
    expect((await call('/activity/settings', { token: company.token })).body.data).toEqual({ retentionDays: null });
    const ages = [400, 40, 8, 2];
    const old = ages.map((days) => eventRows(company.id, 1, () => ({ at: new Date(Date.now() - days * DAY) }))[0]);
    const otherOld = eventRows(other.id, 1, () => ({ at: new Date(Date.now() - 400 * DAY) }));
    await bulkInsert('ActivityEvent', [...old, ...otherOld]);
    const idsOf = async (c: TestCompany) => (await allPages(c.token, 'resource=tool-0')).map((i) => i.id);

    await removeExpiredActivity();
    expect(await idsOf(company)).toEqual(old.map((r) => r.id).reverse());

    for (const bad of [0, 3651, 1.5, 'soon', true]) {
      const res = await call('/activity/settings', { method: 'PUT', token: company.token, body: { retentionDays: bad } });
      expect(errorPaths(res), res.text).toEqual(['retentionDays']);
    }
    expect(errorPaths(await call('/activity/settings', { method: 'PUT', token: company.token, body: {} }))).toEqual(['retentionDays']);

    const set = await call('/activity/settings', { method: 'PUT', token: company.token, body: { retentionDays: 30 } });
    expect(set.status, set.text).toBe(200);
    expect(set.body.data).toEqual({ retentionDays: 30 });
    expect(await idsOf(company)).toEqual([old[3].id, old[2].id]);
    // Another company's events follow its own setting (none: kept).
    expect(await idsOf(other)).toEqual([otherOld[0].id]);

    // The sweep (server.ts runs it at start and daily) removes what aged since.
    await removeExpiredActivity(new Date(Date.now() + 25 * DAY));
    expect(await idsOf(company)).toEqual([old[3].id]);

    const forever = await call('/activity/settings', { method: 'PUT', token: company.token, body: { retentionDays: null } });
    expect(forever.body.data).toEqual({ retentionDays: null });
    await removeExpiredActivity(new Date(Date.now() + 1000 * DAY));
    expect(await idsOf(company)).toEqual([old[3].id]);
  });
});
