// D13's opt-in paging of the five lists (decision 040): `?limit=` pages in list order following
// the `Link: <…>; rel="next"` header, in the same bare array or envelope as the whole list; the
// pages together are the whole list; rows inserted or deleted between page reads never make a page
// repeat or skip a row that existed throughout; without `limit` the answer is the whole list,
// unchanged; a bad `limit` or `last` is a 400 naming it.
import { beforeAll, describe, expect, it } from 'vitest';
import { bulkInsert } from '@/scripts/lib/bulk-insert';
import { Prisma } from '@/lib/server/prisma-values';
import { call, errorPaths, expectError, newCompany, rawHttp, type ApiResponse, type LooseJson, type TestCompany } from './helpers';

const N = 230;
const BASE = Date.UTC(2021, 5, 1);
/** Three rows share each createdAt, so the id tie-break of the list order is exercised. */
const at = (i: number) => new Date(BASE + Math.floor(i / 3) * 1000);
const pad = (i: number) => String(i).padStart(5, '0');

type Json = Record<string, LooseJson>;
type Kind = { name: string; path: string; table: string; items: (body: LooseJson) => Json[]; row: (id: string, companyId: string, i: number) => Json };

const stamp = (i: number) => ({ createdAt: at(i), updatedAt: at(i) });
const sectorsOf = (i: number) => (i % 2 ? ['alpha'] : ['beta']);

const KINDS: Kind[] = [
  {
    name: 'agents',
    path: '/agents',
    table: 'Agent',
    items: (b) => b,
    row: (id, companyId, i) => ({
      id, companyId, name: `Agent ${i}`, enabled: true, modelId: models.get(companyId)!, auto: false, reasoning: false, publisher: 'paging',
      temperature: 0.5, role: 'r', objective: 'o', referencies: 'x', canDelegate: false, canCode: false, multimodal: false, sectors: sectorsOf(i), ...stamp(i),
    }),
  },
  {
    name: 'squads',
    path: '/squads',
    table: 'Squad',
    items: (b) => b.data,
    row: (id, companyId, i) => ({ id, companyId, name: `Squad ${i}`, order: 'sequential', enabled: true, doPlan: false, sectors: sectorsOf(i), publisher: 'paging', version: 1, ...stamp(i) }),
  },
  {
    name: 'tools',
    path: '/tools',
    table: 'Tool',
    items: (b) => b.data,
    row: (id, companyId, i) => ({ id, companyId, name: `Tool ${i}`, description: 'd', sectors: sectorsOf(i), publisher: 'paging', enabled: true, environments: [], ...stamp(i) }),
  },
  {
    name: 'knowledge bases',
    path: '/knowledge-bases',
    table: 'KnowledgeBase',
    items: (b) => b.data,
    row: (id, companyId, i) => ({ id, companyId, name: `KB ${i}`, description: 'd', enabled: true, sectors: sectorsOf(i), content: 'c', type: 'text', multimodal: false, tags: [], ...stamp(i) }),
  },
  {
    name: 'AI models',
    path: '/ai-models',
    table: 'AiModel',
    items: (b) => b.data,
    row: (id, companyId, i) => ({ id, companyId, name: `Model ${i}`, sectors: sectorsOf(i), description: 'd', enabled: true, provider: 'meta', model: 'llama', version: 1, ...stamp(i) }),
  },
];

/** A model per company, for the agents' required reference. */
const models = new Map<string, string>();
let acme: TestCompany;
let other: TestCompany;
let seedCount = 0;

/** Inserts rows of `kind` for `company` straight into the database; their ids sort in `i` order. */
async function seed(kind: Kind, company: TestCompany, from: number, to: number, tag = `p${++seedCount}`): Promise<string[]> {
  const rows = [];
  for (let i = from; i < to; i++) rows.push(kind.row(`${tag}-${kind.table}-${pad(i)}`, company.id, i));
  if (rows.length) await bulkInsert(kind.table, rows);
  return rows.map((r) => r.id as string);
}

/** The `next` link of an answer, as the path under /api to call, or null. */
function nextLink(res: ApiResponse): string | null {
  const link = res.headers.get('link');
  if (!link) return null;
  const match = /^<\/api(\/[^>]+)>; rel="next"$/.exec(link);
  if (!match) throw new Error(`unexpected Link header: ${link}`);
  return match[1];
}

/** Reads every page from `first`, calling `between` after each; answers the items of each page in order. */
async function readPages(kind: Kind, first: string, token: string, between?: (page: number, items: Json[]) => Promise<void>): Promise<Json[][]> {
  const pages: Json[][] = [];
  let path: string | null = first;
  while (path) {
    const res = await call(path, { token });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const items = kind.items(res.body);
    expect(Array.isArray(items)).toBe(true);
    pages.push(items);
    if (pages.length > 1000) throw new Error('paging never ended');
    await between?.(pages.length, items);
    path = nextLink(res);
  }
  return pages;
}

beforeAll(async () => {
  acme = await newCompany();
  other = await newCompany();
  for (const company of [acme, other]) {
    const res = await call('/ai-models', { method: 'POST', token: company.token, body: { model: { name: 'M', sectors: [], description: 'd', enabled: true, provider: 'meta', model: 'llama' } } });
    expect(res.status).toBe(201);
    models.set(company.id, res.body.id);
  }
  for (const kind of KINDS) {
    await seed(kind, acme, 0, N);
    await seed(kind, other, 0, 7);
  }
}, 120_000);

describe.each(KINDS)('GET $path with limit', (kind) => {
  it('pages through the whole list in order, each page in the same shape with at most `limit` items, a next link while more remain', async () => {
    const whole = await call(kind.path, { token: acme.token });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('link')).toBeNull();
    const all = kind.items(whole.body);
    expect(all.length).toBeGreaterThanOrEqual(N);
    const first = await call(`${kind.path}?limit=40`, { token: acme.token });
    // The same envelope as the whole list: only the items differ.
    if (Array.isArray(whole.body)) expect(Array.isArray(first.body)).toBe(true);
    else expect(Object.keys(first.body)).toEqual(Object.keys(whole.body));
    if (!Array.isArray(whole.body)) expect(first.body.status).toBe(whole.body.status);
    expect(first.headers.get('content-type')).toBe(whole.headers.get('content-type'));
    const pages = await readPages(kind, `${kind.path}?limit=40`, acme.token);
    expect(pages.slice(0, -1).every((p) => p.length === 40)).toBe(true);
    expect(pages.at(-1)!.length).toBeGreaterThan(0);
    expect(pages.flat()).toEqual(all);
  });

  it('keeps the other parameters in the next link (a sector pages within it)', async () => {
    const whole = kind.items((await call(`${kind.path}?sector=alpha`, { token: acme.token })).body);
    const res = await call(`${kind.path}?sector=alpha&limit=25`, { token: acme.token });
    expect(nextLink(res)).toMatch(new RegExp(`^${kind.path}\\?sector=alpha&limit=25&last=[A-Za-z0-9_-]+$`));
    const pages = await readPages(kind, `${kind.path}?sector=alpha&limit=25`, acme.token);
    expect(pages.flat()).toEqual(whole);
    expect(pages.flat().every((item) => (item.sectors as string[]).includes('alpha'))).toBe(true);
  });

  it('limit=1000 answers up to 1,000 items; a page never holds another company\'s rows', async () => {
    const res = await call(`${kind.path}?limit=1000`, { token: other.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('link')).toBeNull();
    const items = kind.items(res.body);
    expect(items).toEqual(kind.items((await call(kind.path, { token: other.token })).body));
    expect(items.length).toBeLessThanOrEqual(8);
  });

  it('never repeats or skips a row while rows are inserted and deleted between page reads', async () => {
    const company = await newCompany();
    const model = await call('/ai-models', { method: 'POST', token: company.token, body: { model: { name: 'M', sectors: [], description: 'd', enabled: true, provider: 'meta', model: 'llama' } } });
    models.set(company.id, model.body.id);
    const seeded = await seed(kind, company, 0, 120);
    const { db } = await import('@/lib/server/db');
    const deleted = new Set<string>();
    const inserted = new Set<string>();
    const seen = new Set<string>();
    const pages = await readPages(kind, `${kind.path}?limit=30`, company.token, async (page, items) => {
      items.forEach((item) => seen.add(item.id as string));
      if (page > 3) return;
      // Delete one row already read and one not yet read; insert rows before the cursor, among the unread ones and after them all.
      const read = items[0].id as string;
      const unread = seeded[page * 30 + 5];
      await db().$executeRaw(Prisma.sql`DELETE FROM ${Prisma.raw(`"${kind.table}"`)} WHERE "id" IN (${read}, ${unread})`);
      deleted.add(read).add(unread);
      for (const id of await seed(kind, company, page * 30 - 10, page * 30 - 8, `ins${page}a`)) inserted.add(id);
      for (const id of await seed(kind, company, page * 30 + 20, page * 30 + 21, `ins${page}b`)) inserted.add(id);
      for (const id of await seed(kind, company, 1000 + page, 1001 + page, `ins${page}c`)) inserted.add(id);
    });
    const ids = pages.flat().map((item) => item.id as string);
    // No row twice.
    expect(new Set(ids).size).toBe(ids.length);
    // Every row that existed from the first read to the last was read.
    for (const id of seeded) if (!deleted.has(id)) expect(seen.has(id), id).toBe(true);
    // A row deleted before its page was read never shows.
    for (const page of [1, 2, 3]) expect(seen.has(seeded[page * 30 + 5])).toBe(false);
    // Rows inserted after the cursor showed; rows inserted before it did not (they are on pages already read).
    for (const id of inserted) {
      const wasAfter = /ins\d[bc]-/.test(id);
      expect(seen.has(id), id).toBe(wasAfter);
    }
    // The pages are in list order.
    const whole = kind.items((await call(kind.path, { token: company.token })).body).map((item) => item.id);
    expect(ids.filter((id) => whole.includes(id))).toEqual(whole.filter((id) => ids.includes(id)));
  });

  it.each([
    ['0', 'limit'],
    ['1001', 'limit'],
    ['2.5', 'limit'],
    ['ten', 'limit'],
    ['', 'limit'],
  ])('limit=%s is a 400 naming %s', async (limit, field) => {
    const res = await call(`${kind.path}?limit=${limit}`, { token: acme.token });
    expectError(res, 400);
    expect(errorPaths(res)).toEqual([field]);
  });

  it.each([
    'garbage!',
    Buffer.from('[1,2]').toString('base64url'),
    Buffer.from('["2021-06-01","x"]').toString('base64url'),
    Buffer.from('["2021-13-01T00:00:00.000Z","x"]').toString('base64url'),
    Buffer.from('{"a":1}').toString('base64url'),
  ])('last=%s (not a cursor) is a 400 naming last', async (last) => {
    const res = await call(`${kind.path}?limit=10&last=${encodeURIComponent(last)}`, { token: acme.token });
    expectError(res, 400);
    expect(errorPaths(res)).toEqual(['last']);
  });

  it('without limit the answer is the whole list, byte for byte, whatever else is sent', async () => {
    const whole = await call(kind.path, { token: acme.token });
    const ignored = await call(`${kind.path}?last=${Buffer.from('["2021-06-01T00:00:00.000Z","x"]').toString('base64url')}`, { token: acme.token });
    expect(ignored.text).toBe(whole.text);
    expect(ignored.headers.get('link')).toBeNull();
  });
});

describe('GET /ai-models pages with the environment in the body', () => {
  it('reads limit and last from the query string and the sector from the GET body', async () => {
    const body = JSON.stringify({ environment: { company: acme.id, sector: 'beta' } });
    const headers = { authorization: acme.token, 'content-type': 'application/json' };
    const whole = await rawHttp('GET', '/api/ai-models', headers, body);
    expect(whole.status).toBe(200);
    const items: Json[] = [];
    let path: string | null = '/ai-models?limit=50';
    while (path) {
      const res = await rawHttp('GET', `/api${path}`, headers, body);
      expect(res.body.status).toBe('ok');
      items.push(...res.body.data);
      const link = res.headers.link;
      path = link ? /^<\/api(\/[^>]+)>; rel="next"$/.exec(link)![1] : null;
    }
    expect(items).toEqual(whole.body.data);
    expect(items.length).toBeGreaterThan(50);
    expect(items.every((m) => (m.sectors as string[]).includes('beta'))).toBe(true);
  });

  it('another company in the environment is still a 403', async () => {
    expectError(await call(`/ai-models?limit=5&company=${other.id}`, { token: acme.token }), 403);
  });
});
