import { describe, expect, it } from 'vitest';
import { freeSpot, layoutCanvas, layoutLinks, type LayoutItem } from './layout';

const task = (id: string, x = 0, y = 0, width = 240, height = 96): LayoutItem => ({ id, kind: 'task', x, y, width, height });

type Rect = { x: number; y: number; width: number; height: number };
const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('layoutCanvas', () => {
  it('puts each dependency above the tasks that depend on it', () => {
    const items = [task('c'), task('a'), task('b')];
    const positions = layoutCanvas(items, [
      { source: 'a', target: 'b' },
      { source: 'b', target: 'c' },
    ]);
    expect(positions.get('a')!.y).toBeLessThan(positions.get('b')!.y);
    expect(positions.get('b')!.y).toBeLessThan(positions.get('c')!.y);
  });

  it('places no two tasks on top of each other, snapped to the grid', () => {
    const items = Array.from({ length: 30 }, (_, i) => task(`t${i}`, 0, 0, 200 + (i % 3) * 20, 80 + (i % 4) * 10));
    const links = items.slice(1).map((item, i) => ({ source: `t${Math.floor(i / 3)}`, target: item.id }));
    const positions = layoutCanvas(items, links, { grid: 16 });
    const rects = items.map((item) => ({ ...positions.get(item.id)!, width: item.width, height: item.height }));
    for (const rect of rects) {
      expect(rect.x % 16).toBe(0);
      expect(rect.y % 16).toBe(0);
    }
    for (let i = 0; i < rects.length; i++) for (let j = i + 1; j < rects.length; j++) expect(overlaps(rects[i], rects[j])).toBe(false);
  });

  it('keeps the drawing where the tasks were (their top-left corner) and is deterministic', () => {
    const items = [task('a', 480, 320), task('b', 2000, 900)];
    const links = [{ source: 'a', target: 'b' }];
    const first = layoutCanvas(items, links);
    const xs = [...first.values()].map((p) => p.x);
    const ys = [...first.values()].map((p) => p.y);
    expect(Math.min(...xs)).toBe(480);
    expect(Math.min(...ys)).toBe(320);
    expect(layoutCanvas(items, links)).toEqual(first);
  });

  it('puts the planner left of every task and the supervisor right of every task', () => {
    const items: LayoutItem[] = [task('a'), task('b'), task('c'), { id: 'planner', kind: 'planner', x: 0, y: 0, width: 240, height: 80 }, { id: 'supervisor', kind: 'supervisor', x: 0, y: 0, width: 240, height: 80 }];
    const positions = layoutCanvas(items, [{ source: 'a', target: 'b' }, { source: 'a', target: 'c' }]);
    const taskXs = ['a', 'b', 'c'].map((id) => positions.get(id)!.x);
    expect(positions.get('planner')!.x + 240).toBeLessThan(Math.min(...taskXs));
    expect(positions.get('supervisor')!.x).toBeGreaterThan(Math.max(...taskXs) + 240);
  });

  it('survives what the rules forbid (a cycle, a self-link, a link to nowhere) and an empty canvas', () => {
    const positions = layoutCanvas([task('a'), task('b')], [
      { source: 'a', target: 'b' },
      { source: 'b', target: 'a' },
      { source: 'a', target: 'a' },
      { source: 'a', target: 'ghost' },
    ]);
    expect(positions.size).toBe(2);
    expect(layoutCanvas([], []).size).toBe(0);
  });

  it('lays out a long chain with shortcuts (quadratic for dagre as is) quickly', () => {
    const items = Array.from({ length: 600 }, (_, i) => task(`t${i}`));
    const links = items.slice(1).flatMap((item, k) => {
      const i = k + 1;
      return [{ source: `t${i - 1}`, target: item.id }, ...(i % 3 === 0 ? [{ source: `t${Math.floor(i / 2)}`, target: item.id }, { source: 't0', target: item.id }] : [])];
    });
    const start = performance.now();
    const positions = layoutCanvas(items, links);
    expect(performance.now() - start).toBeLessThan(10_000);
    for (let i = 1; i < 600; i++) expect(positions.get(`t${i}`)!.y).toBeGreaterThan(positions.get(`t${i - 1}`)!.y);
  });

  it('lays out 1,000 tasks in well under a few seconds', () => {
    const items = Array.from({ length: 1000 }, (_, i) => task(`t${i}`));
    const links = items.slice(1).map((item, i) => ({ source: `t${Math.floor(i / 2)}`, target: item.id }));
    const start = performance.now();
    expect(layoutCanvas(items, links).size).toBe(1000);
    expect(performance.now() - start).toBeLessThan(15_000);
  });
});

describe('freeSpot', () => {
  const size = { width: 240, height: 112 };

  it('answers the asked place when it is free', () => {
    expect(freeSpot([], { x: 100, y: 50 }, size)).toEqual({ x: 100, y: 50 });
  });

  it('answers the nearest free place that touches no box, below before above', () => {
    const boxes = [{ x: 100, y: 50, ...size }];
    const first = freeSpot(boxes, { x: 100, y: 50 }, size);
    expect(first).toEqual({ x: 100, y: 50 + 112 + 32 });
    const second = freeSpot([...boxes, { ...first, ...size }], { x: 100, y: 50 }, size);
    expect(second).toEqual({ x: 100, y: 50 - 112 - 32 });
  });

  it('goes below everything when the whole neighbourhood is taken', () => {
    const boxes = [{ x: -5000, y: -5000, width: 10_000, height: 10_000 }];
    expect(freeSpot(boxes, { x: 0, y: 0 }, size)).toEqual({ x: 0, y: 5000 + 32 });
  });
});

describe('layoutLinks', () => {
  const ids = ['a', 'b', 'c', 'd'];

  it('keeps the transitive reduction: a shortcut implied by a longer path is left out', () => {
    const links = [
      { source: 'a', target: 'b' },
      { source: 'b', target: 'c' },
      { source: 'a', target: 'c' },
      { source: 'c', target: 'd' },
      { source: 'a', target: 'd' },
    ];
    expect(layoutLinks(ids, links)).toEqual([
      { source: 'a', target: 'b' },
      { source: 'b', target: 'c' },
      { source: 'c', target: 'd' },
    ]);
  });

  it('drops self-links, duplicates and unknown ends; keeps a cyclic graph whole', () => {
    expect(layoutLinks(ids, [{ source: 'a', target: 'a' }, { source: 'a', target: 'b' }, { source: 'a', target: 'b' }, { source: 'x', target: 'a' }])).toEqual([{ source: 'a', target: 'b' }]);
    const cyclic = [{ source: 'a', target: 'b' }, { source: 'b', target: 'a' }, { source: 'b', target: 'c' }];
    expect(layoutLinks(ids, cyclic)).toEqual(cyclic);
  });

  it('leaves out the longest edges beyond the budget of crossed ranks', () => {
    // a→b→c→d plus e→d and f→c: with longest-path ranks e→d crosses 2 ranks, f→c crosses 1.
    const six = ['a', 'b', 'c', 'd', 'e', 'f'];
    const links = [
      { source: 'a', target: 'b' },
      { source: 'b', target: 'c' },
      { source: 'c', target: 'd' },
      { source: 'e', target: 'd' },
      { source: 'f', target: 'c' },
    ];
    expect(layoutLinks(six, links, 10)).toHaveLength(5);
    const kept = layoutLinks(six, links, 1);
    expect(kept).toHaveLength(4);
    expect(kept).not.toContainEqual({ source: 'e', target: 'd' });
  });
});
