import { describe, expect, it } from 'vitest';
import { AGENT_NODE_SIZE, edgeId, graphToSquad, graphToTasks, tasksToGraph, type GraphSquad, type GraphSquadTask } from './convert';

const task = (id: string, dependsOn: string[] = [], x = 0, y = 0): GraphSquadTask => ({
  id,
  agent: `agent-${id}`,
  name: `Task ${id}`,
  objective: `Objective of ${id}`,
  dependsOn,
  coordinates: { x, y, width: 200, height: 90 },
});

describe('tasksToGraph', () => {
  it('makes one task node per task and one edge per dependency, dependency → dependent', () => {
    const graph = tasksToGraph({ tasks: [task('a', [], 10, 20), task('b', ['a'], 300, 20), task('c', ['a', 'b'])] });
    expect(graph.nodes[0]).toEqual({
      id: 'a',
      type: 'task',
      position: { x: 10, y: 20 },
      width: 200,
      height: 90,
      data: { agent: 'agent-a', name: 'Task a', objective: 'Objective of a' },
    });
    expect(graph.nodes.map((n) => n.id)).toEqual(['a', 'b', 'c']);
    expect(graph.edges).toEqual([
      { id: edgeId('a', 'b'), source: 'a', target: 'b' },
      { id: edgeId('a', 'c'), source: 'a', target: 'c' },
      { id: edgeId('b', 'c'), source: 'b', target: 'c' },
    ]);
  });

  it('gives edges distinct ids even when task ids contain separators', () => {
    const graph = tasksToGraph({ tasks: [task('a:b'), task('a'), task('c', ['a:b']), task('b:c', ['a'])] });
    expect(new Set(graph.edges.map((e) => e.id)).size).toBe(2);
  });

  it('adds planner and supervisor nodes, at their coordinates or at a marked default place', () => {
    const graph = tasksToGraph({
      tasks: [task('a', [], 100, 50), task('b', ['a'], 400, 80)],
      planningAgent: { id: 'p1' },
      supervisor: { id: 's1', coordinates: { x: 1, y: 2, width: 3, height: 4 } },
    });
    const planner = graph.nodes.find((n) => n.type === 'planner')!;
    const supervisor = graph.nodes.find((n) => n.type === 'supervisor')!;
    expect(planner).toMatchObject({ data: { agent: 'p1', autoPlaced: true }, ...AGENT_NODE_SIZE });
    expect(planner.position.x + planner.width).toBeLessThan(100);
    expect(planner.position.y).toBe(50);
    expect(supervisor).toEqual({ id: 'supervisor', type: 'supervisor', position: { x: 1, y: 2 }, width: 3, height: 4, data: { agent: 's1', autoPlaced: false } });
  });

  it('never gives the planner or supervisor node the id of a task', () => {
    const graph = tasksToGraph({ tasks: [task('planner'), task('supervisor'), task('planner-1')], planningAgent: { id: 'p' }, supervisor: { id: 's' } });
    const ids = graph.nodes.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('graphToTasks', () => {
  it('reads dependencies from edges in edge order and ignores edges that do not join two tasks', () => {
    const { nodes } = tasksToGraph({ tasks: [task('a'), task('b'), task('c')], planningAgent: { id: 'p' } });
    const edges = [
      { id: '1', source: 'b', target: 'c' },
      { id: '2', source: 'planner', target: 'a' },
      { id: '3', source: 'a', target: 'c' },
      { id: '4', source: 'ghost', target: 'b' },
    ];
    expect(graphToTasks(nodes, edges).map((t) => [t.id, t.dependsOn])).toEqual([
      ['a', []],
      ['b', []],
      ['c', ['b', 'a']],
    ]);
  });

  it('takes coordinates from the node position and size (after a drag)', () => {
    const { nodes, edges } = tasksToGraph({ tasks: [task('a')] });
    const moved = nodes.map((n) => ({ ...n, position: { x: 42.5, y: -7 }, width: 310 }));
    expect(graphToTasks(moved, edges)[0].coordinates).toEqual({ x: 42.5, y: -7, width: 310, height: 90 });
  });
});

describe('round trip', () => {
  const cases: [string, GraphSquad][] = [
    ['empty squad', { tasks: [], planningAgent: null, supervisor: null }],
    [
      'tasks with dependencies, placed planner, unplaced supervisor',
      {
        tasks: [task('x', [], 5, 5), task('y', ['x'], 250.25, 5), task('z', ['y', 'x'], 500, -40)],
        planningAgent: { id: 'p1', coordinates: { x: -300, y: 0, width: 240, height: 80 } },
        supervisor: { id: 's1' },
      },
    ],
    [
      'tasks listed before the tasks they depend on',
      { tasks: [task('late', ['early']), task('early'), task('planner', ['early'])], planningAgent: { id: 'p' }, supervisor: null },
    ],
  ];

  it.each(cases)('%s', (_, squad) => {
    const { nodes, edges } = tasksToGraph(squad);
    expect(graphToSquad(nodes, edges)).toEqual({ tasks: squad.tasks, planningAgent: squad.planningAgent ?? null, supervisor: squad.supervisor ?? null });
  });

  it('a 2,000-task chain survives the trip', () => {
    const tasks = Array.from({ length: 2000 }, (_, i) => task(`t${i}`, i ? [`t${i - 1}`] : [], i * 10, 0));
    const { nodes, edges } = tasksToGraph({ tasks });
    expect(graphToTasks(nodes, edges)).toEqual(tasks);
  });
});
