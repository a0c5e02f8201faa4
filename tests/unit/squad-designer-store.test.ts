// The squad designer's store (components/squad-designer/store.ts): what becomes an undo step and
// what does not, the graph rules while connecting, and the domain data it answers.
import type { NodeChange } from '@xyflow/react';
import { describe, expect, it } from 'vitest';
import { copyTasks } from '@/lib/graph/clipboard';
import { layoutCanvas } from '@/lib/graph/layout';
import type { SquadRecord } from '@/lib/schemas/squad';
import { docToSquad, domainKey } from '@/components/squad-designer/domain';
import { oneNodeDragFrame } from '@/components/squad-designer/drag-frame';
import { createDesignerStore } from '@/components/squad-designer/store';
import type { DesignerNode } from '@/components/squad-designer/types';

const box = (x: number, y: number) => ({ x, y, width: 240, height: 112 });

function record(): SquadRecord {
  return {
    id: 'squad-1',
    name: 'Squad',
    order: 'sequential',
    enabled: true,
    do_plan: true,
    sectors: [],
    publisher: 'tests',
    planningAgent: { id: 'agent-p' },
    supervisor: null,
    version: 3,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    tasks: [
      { id: 'a', agent: 'agent-1', name: 'A', objective: 'First', dependsOn: [], coordinates: box(0, 0) },
      { id: 'b', agent: 'agent-1', name: 'B', objective: 'Second', dependsOn: ['a'], coordinates: box(0, 192) },
      { id: 'c', agent: 'agent-1', name: 'C', objective: 'Third', dependsOn: [], coordinates: box(320, 192) },
    ],
  };
}

const store = () => createDesignerStore(record());
const taskOf = (s: ReturnType<typeof store>, id: string) => docToSquad(s.getState()).tasks.find((t) => t.id === id)!;
const move = (id: string, x: number, y: number, dragging: boolean): NodeChange<DesignerNode> => ({ id, type: 'position', position: { x, y }, dragging });

describe('designer store: undo/redo over meaningful steps', () => {
  it('makes a whole drag one step, however many frames it has', () => {
    const s = store();
    for (let i = 1; i <= 30; i++) s.getState().onNodesChange([move('a', i * 4, i * 2, true)]);
    s.getState().onNodesChange([move('a', 128, 64, false)]);
    expect(taskOf(s, 'a').coordinates).toEqual(box(128, 64));
    expect(s.getState().history.past).toHaveLength(1);

    s.getState().undo();
    expect(taskOf(s, 'a').coordinates).toEqual(box(0, 0));
    s.getState().redo();
    expect(taskOf(s, 'a').coordinates).toEqual(box(128, 64));
  });

  it('makes a resize one step and keeps the new size', () => {
    const s = store();
    s.getState().onNodesChange([{ id: 'b', type: 'dimensions', resizing: true, setAttributes: true, dimensions: { width: 260, height: 120 } }]);
    s.getState().onNodesChange([{ id: 'b', type: 'dimensions', resizing: true, setAttributes: true, dimensions: { width: 300, height: 140 } }]);
    s.getState().onNodesChange([{ id: 'b', type: 'dimensions', resizing: false, dimensions: { width: 300, height: 140 } }]);
    expect(taskOf(s, 'b').coordinates).toEqual({ x: 0, y: 192, width: 300, height: 140 });
    expect(s.getState().history.past).toHaveLength(1);
    s.getState().undo();
    expect(taskOf(s, 'b').coordinates).toEqual(box(0, 192));
  });

  it('records nothing for selecting, measuring, or a drag that ends where it began', () => {
    const s = store();
    const key = domainKey(s.getState());
    s.getState().onNodesChange([{ id: 'a', type: 'select', selected: true }]);
    s.getState().onNodesChange([{ id: 'a', type: 'dimensions', dimensions: { width: 240, height: 112 } }]);
    s.getState().onNodesChange([move('a', 16, 0, true)]);
    s.getState().onNodesChange([move('a', 0, 0, false)]);
    expect(s.getState().history.past).toHaveLength(0);
    expect(domainKey(s.getState())).toBe(key);
  });

  it('makes everything typed in a field one step', () => {
    const s = store();
    s.getState().beginEdit();
    for (const name of ['R', 'Re', 'Res', 'Research']) s.getState().updateTask('a', { name });
    s.getState().endEdit();
    expect(taskOf(s, 'a').name).toBe('Research');
    expect(s.getState().history.past).toHaveLength(1);
    s.getState().undo();
    expect(taskOf(s, 'a').name).toBe('A');
  });

  it('keeps the current selection across undo', () => {
    const s = store();
    s.getState().onNodesChange([move('c', 320, 400, false)]);
    s.getState().selectOnly(['b']);
    s.getState().undo();
    expect(s.getState().nodes.filter((n) => n.selected).map((n) => n.id)).toEqual(['b']);
    expect(taskOf(s, 'c').coordinates).toEqual(box(320, 192));
  });

  it('clears redo on a new change', () => {
    const s = store();
    s.getState().onNodesChange([move('c', 320, 400, false)]);
    s.getState().undo();
    s.getState().addTask({ name: 'New', objective: 'New one', agent: 'agent-1' }, { x: 640, y: 0 });
    expect(s.getState().history.future).toHaveLength(0);
  });
});

describe('designer store: what React Flow is given (flowNodes, decision 029)', () => {
  it('keeps React Flow at the start of a drag the canvas draws itself, and gives it the place at the drop', () => {
    const s = store();
    const shown = s.getState().flowNodes;
    expect(shown).toBe(s.getState().nodes);
    s.getState().onNodesChange([move('a', 16, 16, true)], true);
    s.getState().onNodesChange([move('a', 32, 16, true)], true);
    // The store has each place (the side panel shows it); React Flow still has the nodes from before the gesture.
    expect(taskOf(s, 'a').coordinates).toEqual(box(32, 16));
    expect(s.getState().flowNodes).toBe(shown);
    s.getState().onNodesChange([move('a', 48, 16, false)]);
    expect(s.getState().flowNodes).toBe(s.getState().nodes);
    expect(s.getState().flowNodes.find((n) => n.id === 'a')!.position).toEqual({ x: 48, y: 16 });
    expect(s.getState().history.past).toHaveLength(1);
  });

  it('gives React Flow every other change of the nodes at once, and the nodes as they are on showNodes', () => {
    const s = store();
    s.getState().onNodesChange([move('a', 16, 16, true)], true);
    expect(s.getState().flowNodes).not.toBe(s.getState().nodes);
    s.getState().showNodes();
    expect(s.getState().flowNodes).toBe(s.getState().nodes);
    // Frames not drawn by the canvas (a drag of several nodes) go to React Flow as they come.
    s.getState().onNodesChange([move('a', 32, 16, true), move('b', 32, 208, true)]);
    expect(s.getState().flowNodes).toBe(s.getState().nodes);
    s.getState().updateTask('c', { name: 'Renamed' }, { step: true });
    expect(s.getState().flowNodes).toBe(s.getState().nodes);
    s.getState().undo();
    expect(s.getState().flowNodes).toBe(s.getState().nodes);
  });

  it('tells a one-node drag frame from every other change', () => {
    expect(oneNodeDragFrame([move('a', 1, 2, true)])).toMatchObject({ id: 'a', position: { x: 1, y: 2 } });
    expect(oneNodeDragFrame([move('a', 1, 2, false)])).toBeNull();
    expect(oneNodeDragFrame([move('a', 1, 2, true), move('b', 1, 2, true)])).toBeNull();
    expect(oneNodeDragFrame([{ id: 'a', type: 'position', position: { x: 1, y: 2 } }])).toBeNull();
    expect(oneNodeDragFrame([{ id: 'a', type: 'select', selected: true }])).toBeNull();
  });
});

describe('designer store: editing', () => {
  it('connects from the dependency to the dependent task, and refuses what the rules forbid', () => {
    const s = store();
    expect(s.getState().connect({ source: 'b', target: 'c', sourceHandle: null, targetHandle: null })).toBeNull();
    expect(taskOf(s, 'c').dependsOn).toEqual(['b']);
    expect(s.getState().history.past).toHaveLength(1);

    expect(s.getState().connect({ source: 'c', target: 'a', sourceHandle: null, targetHandle: null })).toBe('This link would create a cycle');
    expect(s.getState().connect({ source: 'a', target: 'b', sourceHandle: null, targetHandle: null })).toBe('This dependency already exists');
    expect(s.getState().connect({ source: 'a', target: 'a', sourceHandle: null, targetHandle: null })).toBe('A task cannot depend on itself');
    const planner = s.getState().nodes.find((n) => n.type === 'planner')!.id;
    expect(s.getState().connect({ source: planner, target: 'a', sourceHandle: null, targetHandle: null })).toBe('Only tasks depend on each other');
    expect(s.getState().edges).toHaveLength(2);
    expect(s.getState().history.past).toHaveLength(1);
  });

  it('adds a task with a fresh id as one step', () => {
    const s = store();
    const id = s.getState().addTask({ name: 'New', objective: 'New one', agent: 'agent-2' }, { x: 641, y: 7 });
    expect(id).toBe('task-1');
    expect(taskOf(s, id)).toEqual({ id, agent: 'agent-2', name: 'New', objective: 'New one', dependsOn: [], coordinates: { x: 640, y: 0, width: 240, height: 112 } });
    s.getState().undo();
    expect(s.getState().nodes.some((n) => n.id === id)).toBe(false);
  });

  it('deletes the selected tasks with their links in one step, never the planning agent', () => {
    const s = store();
    s.getState().selectAll();
    expect(s.getState().deleteSelection()).toBe(4);
    expect(s.getState().nodes.map((n) => n.type)).toEqual(['planner']);
    expect(s.getState().edges).toHaveLength(0);
    s.getState().undo();
    expect(docToSquad(s.getState()).tasks.map((t) => [t.id, t.dependsOn])).toEqual([
      ['a', []],
      ['b', ['a']],
      ['c', []],
    ]);
  });

  it('lays out in one step and gives the planning agent stored coordinates', () => {
    const s = store();
    expect(docToSquad(s.getState()).planningAgent).toEqual({ id: 'agent-p' });
    s.getState().autoLayout(layoutCanvas);
    expect(s.getState().history.past).toHaveLength(1);
    const after = docToSquad(s.getState());
    expect(after.planningAgent?.coordinates).toBeDefined();
    expect(taskOf(s, 'a').coordinates.y).toBeLessThan(taskOf(s, 'b').coordinates.y);
    s.getState().undo();
    expect(docToSquad(s.getState())).toEqual(docToSquad(createDesignerStore(record()).getState()));
  });

  it('pastes copies with fresh ids and their links among themselves, as one step', () => {
    const s = store();
    const payload = copyTasks(docToSquad(s.getState()).tasks, new Set(['a', 'b']))!;
    const ids = s.getState().paste(payload, { x: 32, y: 32 });
    expect(ids).toEqual(['task-1', 'task-2']);
    expect(taskOf(s, 'task-2').dependsOn).toEqual(['task-1']);
    expect(taskOf(s, 'task-1').coordinates).toEqual(box(32, 32));
    expect(s.getState().nodes.filter((n) => n.selected).map((n) => n.id)).toEqual(ids);
    expect(s.getState().history.past).toHaveLength(1);
  });

  it('replaces the canvas with another version as an undoable step', () => {
    const s = store();
    const theirs = { ...record(), tasks: record().tasks.slice(0, 1) };
    s.getState().replaceSquad(theirs);
    expect(docToSquad(s.getState()).tasks.map((t) => t.id)).toEqual(['a']);
    s.getState().undo();
    expect(docToSquad(s.getState()).tasks.map((t) => t.id)).toEqual(['a', 'b', 'c']);
  });
});
