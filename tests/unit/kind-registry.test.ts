// The kind registry is complete for every kind (docs/adding-a-kind.md, decisions 093 and 103): what the
// type checker cannot see — route files (its own or the shared ones), route access, OpenAPI operations, the Prisma model, the
// console's pages and what must be unique. The halves keyed by `Record<KindKey, …>` (schemas,
// stores, client resources, console views) are complete or the type check fails.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/lib/api/openapi/operations';
import { KINDS, findKind, findKindOfHistory, type KindDef, type Verb } from '@/lib/kinds';
import { roleNeeded, routeNeeds } from '@/lib/kinds/access';
import { KIND_STORES } from '@/lib/server/kinds';

const ROOT = process.cwd();
const exists = (...parts: string[]) => existsSync(path.join(ROOT, ...parts));
const operations = new Set(OPERATIONS.map((o) => `${o.method} ${o.path}`));

describe('the kind registry', () => {
  it('names each kind, reference, table, bundle key and history page once', () => {
    for (const field of ['key', 'ref', 'table', 'bundleKey', 'singular', 'titlePlural'] as const) {
      const values = KINDS.map((k) => k[field]);
      expect(new Set(values).size, field).toBe(values.length);
    }
    expect(new Set(KINDS.map((k) => k.pages.history)).size).toBe(KINDS.length);
  });

  it.each(KINDS.map((k) => [k.key, k] as const))('%s has its routes, their access, its OpenAPI operations and its table', (key, k) => {
    expect(findKind(key)).toBe(k);
    expect(findKindOfHistory(k.pages.history)).toBe(k);
    // Its list, detail and history: route files of its own (`ownRoutes`), else the shared ones
    // (app/api/[kind]), which its server entry's `routes` serve (decision 103); none of its own
    // may then exist (Next would match it first).
    const own = (k as KindDef).ownRoutes === true;
    const route = own ? key : '[kind]';
    for (const folder of [key, `${key}/[id]`, `${key}/history`]) expect(exists('app', 'api', folder, 'route.ts'), `app/api/${folder}/route.ts`).toBe(own);
    for (const folder of [route, `${route}/[id]`, `${route}/history`]) expect(exists('app', 'api', folder, 'route.ts'), `app/api/${folder}/route.ts`).toBe(true);
    expect(Boolean((KIND_STORES[key] as { routes?: unknown }).routes), 'its server entry has the shared routes\' calls').toBe(!own);
    expect(Object.keys(routeNeeds(route) ?? {}).sort()).toEqual(expect.arrayContaining(['GET', 'POST']));
    expect(Object.keys(routeNeeds(`${route}/[id]`) ?? {}).sort()).toEqual(expect.arrayContaining(['DELETE', 'GET', 'PUT']));
    for (const [verb, role] of Object.entries(k.roles)) expect(roleNeeded({ kind: own ? key : '[kind]', verb: verb as Verb }, key), verb).toBe(role);
    for (const op of [`GET /${key}`, `POST /${key}`, `GET /${key}/{id}`, `PUT /${key}/{id}`, `DELETE /${key}/{id}`, `GET /${key}/history`]) expect(operations.has(op), op).toBe(true);
    for (const kindsOf of [...k.pages.listWith, ...k.pages.detailWith] as string[]) expect(findKind(kindsOf), `${key} reads the list of ${kindsOf}`).toBeDefined();
    const schema = readFileSync(path.join(ROOT, 'prisma', 'schema.prisma'), 'utf8');
    expect(schema).toMatch(new RegExp(`^model ${k.table} \\{`, 'm'));
  });

  it('has the console pages of every kind from one dynamic segment, shadowed by no page of a kind of its own', () => {
    for (const page of ['[kind]/page.tsx', '[kind]/new/page.tsx', '[kind]/[id]/page.tsx', '[kind]/[id]/edit/page.tsx', 'history/[kind]/page.tsx']) {
      expect(exists('app', '(console)', page), page).toBe(true);
    }
    for (const k of KINDS) {
      for (const page of [`${k.key}/page.tsx`, `${k.key}/new/page.tsx`, `${k.key}/[id]/page.tsx`, `${k.key}/[id]/edit/page.tsx`, `history/${k.pages.history}/page.tsx`]) {
        expect(exists('app', '(console)', page), `app/(console)/${page} would hide the shared page`).toBe(false);
      }
    }
  });
});
