// D11's one enforcement point is complete: every route file under app/api names its entry in
// lib/kinds/access.ts, and every entry has its route file. A route that declares nothing fails
// here (and, at load, in lib/api/route.ts for a method its entry does not cover).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { atLeast, mayDo, roleNeeded, ROUTE_NEEDS, routeNeeds, sectorOutside, seesSectors } from '../../lib/kinds/access';

const API = path.join(process.cwd(), 'app', 'api');

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === 'route.ts' ? [full] : [];
  });
}

const files = routeFiles(API).map((file) => ({ file, folder: path.relative(API, path.dirname(file)).split(path.sep).join('/') }));
const METHOD_KEY = /^\s{2}(GET|POST|PUT|PATCH|DELETE)\s*:/gm;

describe('route access declarations', () => {
  it('finds the route files', () => expect(files.length).toBeGreaterThan(40));

  it.each(files)('app/api/$folder/route.ts goes through the wrapper with its own entry', ({ file, folder }) => {
    const source = readFileSync(file, 'utf8');
    const call = new RegExp(`define(Public)?Route(<[^>]*>)?\\('${folder.replace(/[[\]().*+?]/g, '\\$&')}'`);
    expect(source, 'the route must be defined with defineRoute/definePublicRoute naming its folder').toMatch(call);
    const entry = routeNeeds(folder);
    expect(entry, `lib/kinds/access.ts must declare ${folder}`).toBeDefined();
    // Every handler the file writes (as a top-level key of the handlers object) is declared.
    for (const [, method] of source.matchAll(METHOD_KEY)) expect(Object.hasOwn(entry!, method), `${method} /api/${folder}`).toBe(true);
    // Public routes use definePublicRoute; the others defineRoute.
    const publicOnly = Object.values(entry!).every((need) => need === 'public');
    expect(source.includes('definePublicRoute('), `${folder} public ⇔ definePublicRoute`).toBe(publicOnly);
  });

  it('every declared route has its file', () => {
    const folders = new Set(files.map((f) => f.folder));
    expect(Object.keys(ROUTE_NEEDS).filter((key) => !folders.has(key))).toEqual([]);
  });
});

describe('roles and sectors', () => {
  it('orders the roles', () => {
    expect(atLeast('owner', 'admin')).toBe(true);
    expect(atLeast('admin', 'owner')).toBe(false);
    expect(atLeast('editor', 'editor')).toBe(true);
    expect(atLeast('viewer', 'editor')).toBe(false);
  });

  it('reads a kind verb from the registry, and the URL kind for [kind] routes', () => {
    expect(roleNeeded({ kind: 'agents', verb: 'read' })).toBe('viewer');
    expect(roleNeeded({ kind: '[kind]', verb: 'restore' }, 'tools')).toBe('editor');
    expect(roleNeeded({ kind: '[kind]', verb: 'restore' }, 'constructor')).toBe('viewer');
    expect(mayDo('viewer', 'squads', 'update')).toBe(false);
    expect(mayDo('editor', 'squads', 'update')).toBe(true);
  });

  it('applies the sector rule', () => {
    expect(seesSectors([], [])).toBe(true);
    expect(seesSectors(['sales'], [])).toBe(false);
    expect(seesSectors(['sales'], ['sales', 'ops'])).toBe(true);
    expect(seesSectors(['sales'], ['ops'])).toBe(false);
    expect(sectorOutside([], ['x'])).toBeNull();
    expect(sectorOutside(['sales'], ['sales'])).toBeNull();
    expect(sectorOutside(['sales'], ['sales', 'ops'])).toBe('ops');
    expect(sectorOutside(['sales'], [])).toBe('');
  });
});
