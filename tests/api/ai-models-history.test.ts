// AI model history: spec endpoint 18 and D10's versioning and keyset paging, plus
// GET /ai-models/{id}/history, over HTTP against the real server.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, errorPaths, expectError, newCompany, registerSecret, type TestCompany } from './helpers';

type Item = { id: string; modelId: string; responsible: string; responsibleId: string; action: string; type: string; date: string; versionControl: string };
type Actor = { token: string; id: string; name: string };

const FIELDS = ['date', 'action', 'responsible', 'type', 'versionControl'] as const;
const DIRECTIONS = ['asc', 'desc'] as const;

let n = 0;
const newKey = () => registerSecret(`sk-hist-${++n}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`);

async function createModel(token: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const model = { name: `Model ${++n}`, sectors: ['support'], description: 'd', enabled: true, provider: 'openai', model: 'gpt-4o', apikey: newKey(), ...overrides };
  const res = await call('/ai-models', { method: 'POST', token, body: { model } });
  if (res.status !== 201) throw new Error(`model creation failed: ${res.status} ${res.text}`);
  return res.body.id;
}

async function update(token: string, id: string, model: Record<string, unknown>) {
  const res = await call(`/ai-models/${id}`, { method: 'PUT', token, body: { model } });
  if (res.status !== 200) throw new Error(`model update failed: ${res.status} ${res.text}`);
  return res.body.data;
}

/** A second API key of the company, so that history names two responsibles. */
async function secondActor(company: TestCompany, name: string): Promise<Actor> {
  const { createCompanyApiKey } = await import('@/lib/server/companies');
  const key = await createCompanyApiKey(company.id, name);
  const res = await call('/authentication/generate-access-token', { headers: { authorization: `ApiKey ${key.apiKey}` } });
  return { token: res.body.data.idToken, id: key.id, name };
}

const history = (token: string, query: string, path = '/ai-models/history') => call(`${path}${query ? `?${query}` : ''}`, { token });

describe('history records', () => {
  let company: TestCompany;

  beforeAll(async () => {
    company = await newCompany();
  });

  it('writes one record per change, with versionControl the version after the change', async () => {
    const id = await createModel(company.token);
    const first = await history(company.token, '');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      status: 'ok',
      data: {
        items: [
          {
            id: expect.any(String),
            modelId: id,
            responsible: 'default',
            responsibleId: company.apiKeyId,
            action: 'created model',
            type: 'success',
            date: expect.any(String),
            versionControl: 'v1',
          },
        ],
        next: '',
      },
    });
    await update(company.token, id, { description: 'changed' });
    await update(company.token, id, { enabled: false });
    await update(company.token, id, { enabled: false, name: undefined });
    expect((await call(`/ai-models/${id}`, { method: 'DELETE', token: company.token })).status).toBe(200);
    const own = await history(company.token, '', `/ai-models/${id}/history`);
    expect(own.status).toBe(200);
    expect(own.body.status).toBe('ok');
    expect(own.body.data.next).toBe('');
    expect(own.body.data.items.map((i: Item) => [i.action, i.type, i.versionControl])).toEqual([
      ['deleted model', 'success', 'v5'],
      ['updated model', 'neutral', 'v4'],
      ['updated model', 'neutral', 'v3'],
      ['updated model', 'success', 'v2'],
      ['created model', 'success', 'v1'],
    ]);
    const dates = own.body.data.items.map((i: Item) => i.date);
    expect(dates.every((d: string) => new Date(d).toISOString() === d)).toBe(true);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('never records a refused change, and never carries a provider key', async () => {
    const key = newKey();
    const id = await createModel(company.token, { apikey: key });
    expectError(await call(`/ai-models/${id}`, { method: 'PUT', token: company.token, body: { model: { provider: 'meta' } } }), 400);
    const res = await history(company.token, '', `/ai-models/${id}/history`);
    expect(res.body.data.items.map((i: Item) => i.versionControl)).toEqual(['v1']);
    expect(res.text).not.toContain(key);
    expect(res.text).not.toContain(key.slice(4));
  });

  it('filters by sector: only records of current models whose sectors include it', async () => {
    const sales = await createModel(company.token, { sectors: ['sales'] });
    const both = await createModel(company.token, { sectors: ['support', 'sales'] });
    await update(company.token, sales, { name: 'Sales model' });
    const res = await history(company.token, 'sector=sales&limit=100');
    expect(new Set(res.body.data.items.map((i: Item) => i.modelId))).toEqual(new Set([sales, both]));
    expect(res.body.data.items).toHaveLength(3);
    expect((await history(company.token, `company=${company.id}&sector=nobody`)).body.data).toEqual({ items: [], next: '' });
  });

  it('answers 403 for another company\'s environment, 404 for a model that never existed in the company, 401 without a credential', async () => {
    const other = await newCompany();
    const foreign = await createModel(other.token);
    expectError(await history(company.token, `company=${other.id}`), 403);
    expectError(await history(company.token, `company=${other.id}`, `/ai-models/${foreign}/history`), 403);
    expectError(await history(company.token, '', `/ai-models/${foreign}/history`), 404);
    expectError(await history(company.token, '', '/ai-models/never-existed/history'), 404);
    expectError(await call('/ai-models/history'), 401);
    expect((await history(other.token, '')).body.data.items.map((i: Item) => i.modelId)).toEqual([foreign]);
  });
});

describe('paging', () => {
  let company: TestCompany;
  let robot: Actor;
  let models: string[];
  let writes = 0;

  /** One more history record, alternating responsible, type and model. */
  async function write(): Promise<void> {
    const i = writes++;
    const actor = i % 3 === 0 ? robot.token : company.token;
    const id = models[i % models.length];
    await update(actor, id, i % 2 === 0 ? { enabled: i % 4 === 0 } : { description: `change ${i}` });
  }

  async function all(query: string, path?: string): Promise<Item[]> {
    const res = await history(company.token, `limit=100&${query}`, path);
    expect(res.body.data.next).toBe('');
    return res.body.data.items;
  }

  beforeAll(async () => {
    company = await newCompany();
    robot = await secondActor(company, 'robot');
    models = [await createModel(company.token), await createModel(robot.token, { provider: 'mistral', apikey: undefined }), await createModel(company.token)];
    while (writes < 25) await write();
    const doomed = await createModel(robot.token, { provider: 'google', apikey: undefined });
    expect((await call(`/ai-models/${doomed}`, { method: 'DELETE', token: robot.token })).status).toBe(200);
  });

  it('defaults to 20 items, newest first, and the next page continues without overlap', async () => {
    const first = await history(company.token, '');
    expect(first.body.data.items).toHaveLength(20);
    expect(first.body.data.next).toMatch(/^[A-Za-z0-9_-]+$/);
    const second = await history(company.token, `last=${first.body.data.next}`);
    const ids = [...first.body.data.items, ...second.body.data.items].map((i: Item) => i.id);
    expect(ids).toEqual((await all('')).map((i) => i.id));
    expect(second.body.data.next).toBe('');
    expect((await history(company.token, 'last=')).body.data.items).toEqual(first.body.data.items);
  });

  for (const field of FIELDS) {
    for (const direction of DIRECTIONS) {
      it(`pages by ${field} ${direction} with limit 7, never repeating or skipping, while records are written between pages`, async () => {
        const query = `field=${field}&direction=${direction}`;
        const before = await all(query);
        const seen: Item[] = [];
        let last = '';
        let pages = 0;
        do {
          const res = await history(company.token, `${query}&limit=7${last ? `&last=${last}` : ''}`);
          expect(res.status).toBe(200);
          expect(res.body.data.items.length).toBeLessThanOrEqual(7);
          seen.push(...res.body.data.items);
          last = res.body.data.next;
          if (last) expect(res.body.data.items).toHaveLength(7);
          if (++pages === 1 || pages === 3) await write();
        } while (last);
        const after = await all(query);
        const ids = seen.map((i) => i.id);
        expect(new Set(ids).size).toBe(ids.length);
        const seenSet = new Set(ids);
        expect(before.filter((i) => !seenSet.has(i.id))).toEqual([]);
        expect(after.filter((i) => seenSet.has(i.id)).map((i) => i.id)).toEqual(ids);
        if (field === 'date') {
          const added = after.length - before.length;
          expect(added).toBe(2);
          expect(seen.length).toBe(direction === 'asc' ? after.length : before.length);
        }
        const values = seen.map((i) => (field === 'versionControl' ? Number(i.versionControl.slice(1)) : i[field]));
        if (field === 'date' || field === 'versionControl') {
          const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
          expect(values).toEqual(direction === 'asc' ? sorted : sorted.reverse());
        }
        if (field !== 'date') expect(new Set(values).size).toBeLessThan(values.length);
      });
    }
  }

  it('pages one model\'s history the same way, and a deleted model\'s history stays readable', async () => {
    const id = models[1];
    const path = `/ai-models/${id}/history`;
    const full = await all('field=versionControl&direction=asc', path);
    expect(full.every((i) => i.modelId === id)).toBe(true);
    expect(full.map((i) => i.versionControl)).toEqual(full.map((_, k) => `v${k + 1}`));
    const pages: Item[] = [];
    let last = '';
    do {
      const res = await history(company.token, `field=versionControl&direction=asc&limit=3${last ? `&last=${last}` : ''}`, path);
      pages.push(...res.body.data.items);
      last = res.body.data.next;
    } while (last);
    expect(pages).toEqual(full);
    const exact = await history(company.token, `field=versionControl&direction=asc&limit=${full.length}`, path);
    expect(exact.body.data.next).toBe('');
    const deleted = (await all('')).find((i) => i.action === 'deleted model')!;
    const gone = await history(company.token, '', `/ai-models/${deleted.modelId}/history`);
    expect(gone.body.data.items.map((i: Item) => [i.action, i.versionControl, i.responsible])).toEqual([
      ['deleted model', 'v2', 'robot'],
      ['created model', 'v1', 'robot'],
    ]);
  });

  it.each([
    ['limit', 'limit=0'],
    ['limit', 'limit=101'],
    ['limit', 'limit=abc'],
    ['limit', 'limit=1.5'],
    ['field', 'field=name'],
    ['field', 'field=DATE'],
    ['direction', 'direction=up'],
    ['last', 'last=not-a-cursor!'],
    ['last', `last=${Buffer.from('{"a":1}').toString('base64url')}`],
    ['last', `last=${Buffer.from(JSON.stringify(['date', 'desc', 'yesterday', 3])).toString('base64url')}`],
    ['last', `last=${Buffer.from(JSON.stringify(['date', 'desc', '2024-01-01T00:00:00.000Z', -1])).toString('base64url')}`],
    ['last', `field=versionControl&last=${Buffer.from(JSON.stringify(['versionControl', 'desc', 'v3', 3])).toString('base64url')}`],
    ['last', `field=action&last=${Buffer.from(JSON.stringify(['action', 'desc', 7, 3])).toString('base64url')}`],
  ])('answers 400 naming %s for %s', async (param, query) => {
    const res = await history(company.token, query);
    expectError(res, 400);
    expect(errorPaths(res)).toEqual([param]);
  });

  it('refuses a cursor used with another field or direction, and a tampered one, with 400 naming last', async () => {
    const page = await history(company.token, 'limit=3&field=action&direction=asc');
    const cursor = page.body.data.next as string;
    expect(cursor).not.toBe('');
    for (const query of [`field=date&direction=asc&last=${cursor}`, `field=action&direction=desc&last=${cursor}`, `field=action&direction=asc&last=${cursor.slice(0, -4)}`]) {
      const res = await history(company.token, query);
      expectError(res, 400);
      expect(errorPaths(res)).toEqual(['last']);
    }
    const good = await history(company.token, `limit=3&field=action&direction=asc&last=${cursor}`);
    expect(good.status).toBe(200);
  });
});
