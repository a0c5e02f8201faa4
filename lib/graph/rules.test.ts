import { describe, expect, it } from 'vitest';
import { dependencyRefusal, dependencyRefusals, findCycles, graphProblems } from './rules';

const t = (id: string, ...dependsOn: string[]) => ({ id, dependsOn });

describe('graphProblems', () => {
  it('accepts a valid DAG', () => {
    expect(graphProblems([t('a'), t('b', 'a'), t('c', 'a', 'b')])).toEqual([]);
  });

  it('reports duplicate task ids at the later index', () => {
    const problems = graphProblems([t('a'), t('b'), t('a')]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ kind: 'duplicate-id', index: 2, taskId: 'a' });
  });

  it('reports self, unknown and duplicate dependencies with their positions', () => {
    const problems = graphProblems([t('a', 'a'), t('b', 'zzz'), t('c', 'a', 'a')]);
    expect(problems.map((p) => [p.kind, p.index, 'depIndex' in p ? p.depIndex : null])).toEqual([
      ['self-dependency', 0, 0],
      ['unknown-dependency', 1, 0],
      ['duplicate-dependency', 2, 1],
    ]);
  });

  it('names the tasks of a cycle', () => {
    const problems = graphProblems([t('a', 'c'), t('b', 'a'), t('c', 'b'), t('d')]);
    const cycle = problems.find((p) => p.kind === 'cycle');
    expect(cycle).toMatchObject({ kind: 'cycle', cycle: ['a', 'c', 'b'] });
    expect(cycle?.message).toContain('"a"');
  });
});

describe('findCycles', () => {
  it('finds two separate cycles', () => {
    expect(findCycles([t('a', 'b'), t('b', 'a'), t('c', 'd'), t('d', 'c')])).toHaveLength(2);
  });

  it('handles a 5,000-task chain without overflowing the stack', () => {
    const tasks = Array.from({ length: 5000 }, (_, i) => t(`t${i}`, ...(i ? [`t${i - 1}`] : [])));
    expect(findCycles(tasks)).toEqual([]);
    tasks[0] = t('t0', 't4999');
    expect(findCycles(tasks)[0]).toHaveLength(5000);
  });
});

describe('dependencyRefusal', () => {
  const tasks = [t('a'), t('b', 'a'), t('c', 'b')];
  it('refuses self links, duplicates and cycles, and allows the rest', () => {
    expect(dependencyRefusal(tasks, 'a', 'a')).toMatch(/itself/);
    expect(dependencyRefusal(tasks, 'b', 'a')).toMatch(/already/);
    expect(dependencyRefusal(tasks, 'a', 'c')).toMatch(/cycle/);
    expect(dependencyRefusal(tasks, 'c', 'a')).toBeNull();
    expect(dependencyRefusal(tasks, 'x', 'a')).toMatch(/tasks of this squad/);
  });
});

describe('dependencyRefusals', () => {
  it('gives every task the refusal dependencyRefusal gives it (the picker and the drag share the rule)', () => {
    const tasks = [t('a'), t('b', 'a'), t('c', 'b'), t('d', 'a'), t('e')];
    for (const task of tasks) {
      const all = dependencyRefusals(tasks, task.id);
      expect([...all.keys()]).toEqual(tasks.map((x) => x.id));
      for (const other of tasks) expect(all.get(other.id)).toBe(dependencyRefusal(tasks, task.id, other.id));
    }
    expect(dependencyRefusals(tasks, 'a')).toEqual(
      new Map([['a', 'A task cannot depend on itself'], ['b', 'This link would create a cycle'], ['c', 'This link would create a cycle'], ['d', 'This link would create a cycle'], ['e', null]]),
    );
  });

  it('works through a 5,000-task chain', () => {
    const tasks = Array.from({ length: 5000 }, (_, i) => t(`t${i}`, ...(i ? [`t${i - 1}`] : [])));
    const refusals = dependencyRefusals(tasks, 't0');
    expect(refusals.get('t4999')).toMatch(/cycle/);
    expect([...refusals.values()].filter((r) => r === null)).toEqual([]);
  });
});
