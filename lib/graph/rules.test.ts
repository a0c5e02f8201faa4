import { describe, expect, it } from 'vitest';
import { dependencyRefusal, findCycles, graphProblems } from './rules';

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
