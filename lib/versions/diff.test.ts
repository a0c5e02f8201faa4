import { describe, expect, it } from 'vitest';
import { diffVersions, sameValue } from './diff';

const box = (x = 0, y = 0) => ({ x, y, width: 220, height: 90 });
const task = (id: string, extra: Record<string, unknown> = {}) => ({ id, agent: 'ag1', name: `Task ${id}`, objective: `Do ${id}`, dependsOn: [], coordinates: box(), ...extra });
const squad = (tasks: unknown[], extra: Record<string, unknown> = {}) => ({
  id: 's1',
  name: 'Squad',
  tasks,
  order: 'sequential',
  enabled: true,
  do_plan: false,
  sectors: ['a'],
  publisher: 'qa',
  planningAgent: null,
  supervisor: null,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('diffVersions', () => {
  it('reports changed fields with before/after and ignores bookkeeping fields', () => {
    const d = diffVersions(
      'agents',
      { version: 1, state: { id: 'a', name: 'Old', temperature: 0.3, sectors: ['x'], updatedAt: '1', tools: ['t1'] } },
      { version: 2, state: { id: 'a', name: 'New', temperature: 0.3, sectors: ['x', 'y'], updatedAt: '2', tools: ['t1'] } },
    );
    expect(d).toEqual({
      from: 1,
      to: 2,
      changes: [
        { path: 'name', before: 'Old', after: 'New' },
        { path: 'sectors', before: ['x'], after: ['x', 'y'] },
      ],
      summary: ['name: "Old" → "New"', 'sectors: ["x"] → ["x","y"]'],
    });
  });

  it('walks nested objects and shortens long values in the summary', () => {
    const long = 'x'.repeat(200);
    const d = diffVersions('tools', { version: 1, state: { mcp: { url: 'http://a', transport: 'sse' }, code: 'a' } }, { version: 3, state: { mcp: { url: 'http://b', transport: 'sse' }, code: long } });
    expect(d.changes).toEqual([
      { path: 'mcp.url', before: 'http://a', after: 'http://b' },
      { path: 'code', before: 'a', after: long },
    ]);
    expect(d.summary).toEqual(['mcp.url: "http://a" → "http://b"', 'code changed']);
  });

  it('a field that appears or disappears is before/after null', () => {
    const d = diffVersions('tools', { version: 1, state: { a: 1 } }, { version: 2, state: { b: 2 } });
    expect(d.changes).toEqual([
      { path: 'a', before: 1, after: null },
      { path: 'b', before: null, after: 2 },
    ]);
  });

  it('squads: tasks added, removed, renamed, dependsOn links and field changes', () => {
    const before = squad([task('a'), task('b', { dependsOn: ['a'] }), task('c')]);
    const after = squad([task('a', { name: 'Alpha' }), task('b'), task('d', { dependsOn: ['a'] })], { name: 'Squad 2' });
    const d = diffVersions('squads', { version: 1, state: before }, { version: 2, state: after });
    expect(d.tasks).toEqual({
      added: [{ id: 'd', name: 'Task d' }],
      removed: [{ id: 'c', name: 'Task c' }],
      renamed: [{ id: 'a', before: 'Task a', after: 'Alpha' }],
      moved: 0,
      dependsOnAdded: [{ task: 'd', dependsOn: 'a' }],
      dependsOnRemoved: [{ task: 'b', dependsOn: 'a' }],
    });
    expect(d.changes).toEqual([{ path: 'name', before: 'Squad', after: 'Squad 2' }]);
    expect(d.summary).toEqual([
      'name: "Squad" → "Squad 2"',
      'Task "Task d" added',
      'Task "Task c" removed',
      'Task renamed "Task a" → "Alpha"',
      'Task "Task d" now depends on "Alpha"',
      'Task "Task b" no longer depends on "Alpha"',
    ]);
  });

  it('squads: position-only changes collapse into one line; other task changes are listed by task', () => {
    const before = squad([task('a'), task('b'), task('c.x')]);
    const after = squad([task('a', { coordinates: box(10) }), task('b', { coordinates: box(0, 40) }), task('c.x', { objective: 'New goal', coordinates: box(5) })]);
    const d = diffVersions('squads', { version: 4, state: before }, { version: 5, state: after });
    expect(d.tasks?.moved).toBe(2);
    expect(d.changes).toEqual([
      { path: 'tasks.c.x.objective', before: 'Do c.x', after: 'New goal' },
      { path: 'tasks.c.x.coordinates', before: box(), after: box(5) },
    ]);
    expect(d.summary).toEqual(['2 tasks moved', 'Task "Task c.x": objective: "Do c.x" → "New goal"', 'Task "Task c.x" moved']);
    expect(diffVersions('squads', { version: 1, state: squad([task('a')]) }, { version: 2, state: squad([task('a', { coordinates: box(1) })]) }).summary).toEqual(['1 task moved']);
  });

  it('AI models: apikeySet is a field; a replaced key is said, never shown', () => {
    const base = { name: 'M', apikeySet: true, apikeyChanged: false };
    expect(diffVersions('ai-models', { version: 1, state: base }, { version: 2, state: { ...base, apikeyChanged: true } })).toEqual({
      from: 1,
      to: 2,
      changes: [],
      summary: ['Provider key replaced'],
    });
    expect(diffVersions('ai-models', { version: 1, state: base }, { version: 2, state: { ...base, apikeySet: false } }).changes).toEqual([
      { path: 'apikeySet', before: true, after: false },
    ]);
  });

  it('a planning agent or supervisor that only moved says so', () => {
    const d = diffVersions('squads', { version: 1, state: squad([], { planningAgent: { id: 'p', coordinates: box() } }) }, { version: 2, state: squad([], { planningAgent: { id: 'p', coordinates: box(9) } }) });
    expect(d.changes).toEqual([{ path: 'planningAgent.coordinates', before: box(), after: box(9) }]);
    expect(d.summary).toEqual(['planningAgent moved']);
  });

  it('the same version against itself has no changes; garbage states do not throw', () => {
    const s = squad([task('a')]);
    expect(diffVersions('squads', { version: 2, state: s }, { version: 2, state: s }).summary).toEqual([]);
    expect(diffVersions('agents', { version: 1, state: null }, { version: 2, state: 'x' }).changes).toEqual([]);
    expect(diffVersions('squads', { version: 1, state: { tasks: 'nope' } }, { version: 2, state: { tasks: [null, 3] } }).tasks?.added).toEqual([]);
  });

  it('sameValue ignores key order', () => {
    expect(sameValue({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
  });
});
