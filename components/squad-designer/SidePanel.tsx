'use client';
// The side panel: what is selected, editable. One task: its name, agent and objective (typing is
// live on the canvas and one undo step per field), its links (added with the keyboard too); the planning agent or supervisor:
// its agent; a link: what depends on what; several: how many. Nothing: the squad's problems and
// the shortcuts.
import { useReactFlow } from '@xyflow/react';
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '@/components/ui/Button';
import { Field, sentence } from '@/components/ui/form/Field';
import { SearchableSelect, type SelectOption } from '@/components/ui/SearchableSelect';
import { useDesigner, useDesignerApi } from './context';
import { describeIssue } from './domain';
import { dependencyRefusals } from '@/lib/graph/rules';
import { graphTasks, type DesignerState } from './store';
import { MOD, useCanvasCommands } from './Toolbar';
import type { DesignerNode, Issue } from './types';

const SEP = '\u0000';
const PART = '\u0001';

function useFieldError(nodeId: string, field: string): string | undefined {
  return useDesigner((s) => s.issues.byNode[nodeId]?.find((i) => i.field === field)?.message);
}

function useTaskName(id: string): string {
  return useDesigner((s) => {
    const node = s.nodes.find((n) => n.id === id);
    return node?.type === 'task' ? node.data.name.trim() || id : id;
  });
}

/** Links worked out per edges array (replaced, never mutated, when the links change). */
const linksCache = new WeakMap<DesignerState['edges'], Map<string, string[]>>();

/** The task's links (`edgeId SEP otherTaskId`), worked out again only when the links change (not at each frame of a drag). */
function useLinks(id: string, direction: 'dependsOn' | 'neededBy'): string[] {
  return useDesigner((s) => {
    let byTask = linksCache.get(s.edges);
    if (!byTask) linksCache.set(s.edges, (byTask = new Map()));
    const key = `${direction}${SEP}${id}`;
    let links = byTask.get(key);
    if (!links) {
      links = direction === 'dependsOn' ? s.edges.filter((e) => e.target === id).map((e) => `${e.id}${SEP}${e.source}`) : s.edges.filter((e) => e.source === id).map((e) => `${e.id}${SEP}${e.target}`);
      byTask.set(key, links);
    }
    return links;
  });
}

/** One link of the selected task: it depends on the other (dependsOn), or the other depends on it (neededBy). */
function LinkRow({ edgeId, otherId, selfId, direction }: { edgeId: string; otherId: string; selfId: string; direction: 'dependsOn' | 'neededBy' }) {
  const api = useDesignerApi();
  const name = useTaskName(otherId);
  const self = useTaskName(selfId);
  const label = direction === 'dependsOn' ? `${self} stops depending on ${name}` : `${name} stops depending on ${self}`;
  return (
    <li className="sd-link-row">
      <span className="sd-link-name">{name}</span>
      <Button size="sm" variant="danger-ghost" onClick={() => api.getState().removeEdges([edgeId])} aria-label={`Remove link: ${label}`} title={label}>
        Remove
      </Button>
    </li>
  );
}

/**
 * The keyboard's way to link tasks (issue 23): pick a task this one depends on. The drag's rule
 * decides (lib/graph/rules' dependencyRefusals through the store): a task that would close a
 * cycle is listed with the reason and cannot be picked; the tasks already depended on are listed
 * above. A pick is one undoable step, like a drawn link.
 */
function DependsOnPicker({ id }: { id: string }) {
  const api = useDesignerApi();
  const edges = useDesigner((s) => s.edges);
  // The tasks' ids and names, as one string: a drag (which moves nodes) does not change it.
  const names = useDesigner((s) => {
    let key = '';
    for (const n of s.nodes) if (n.type === 'task') key += `${n.id}${PART}${n.data.name.trim() || n.id}${SEP}`;
    return key;
  });
  const options = useMemo(() => {
    const refusals = dependencyRefusals(graphTasks({ nodes: api.getState().nodes, edges }), id);
    const allowed: SelectOption[] = [];
    const refused: SelectOption[] = [];
    for (const entry of names.split(SEP)) {
      if (!entry) continue;
      const [other, name] = entry.split(PART);
      const refusal = refusals.get(other);
      if (other === id || refusal === 'This dependency already exists') continue;
      if (refusal) refused.push({ value: other, label: name, detail: `${other} · cannot: ${refusal.charAt(0).toLowerCase()}${refusal.slice(1)}`, disabled: true });
      else allowed.push({ value: other, label: name, detail: other });
    }
    return [...allowed, ...refused];
  }, [api, edges, id, names]);
  const add = (dependency: string) => {
    const s = api.getState();
    s.setLinkRefusal(s.connect({ source: dependency, target: id, sourceHandle: null, targetHandle: null }));
  };
  return (
    <Field id="sd-task-depends" label="Add a dependency" hint="Tasks that would close a cycle are listed but cannot be picked.">
      {(aria) => <SearchableSelect {...aria} options={options} value="" onChange={add} placeholder="Choose a task this one depends on" emptyText="No other task" />}
    </Field>
  );
}

/** Where the task is and its size: the one part of the panel that changes at each frame of a drag. */
function TaskPlace({ id }: { id: string }) {
  const place = useDesigner(
    useShallow((s) => {
      const n = s.nodes.find((x) => x.id === id);
      return n ? { x: n.position.x, y: n.position.y, width: n.width, height: n.height } : null;
    }),
  );
  if (!place) return null;
  return (
    <p className="sd-meta">
      <span className="sd-place">
        x {Math.round(place.x)}, y {Math.round(place.y)} · {Math.round(place.width ?? 0)} × {Math.round(place.height ?? 0)}
      </span>
    </p>
  );
}

function TaskPanel({ id, agentOptions }: { id: string; agentOptions: SelectOption[] }) {
  const api = useDesignerApi();
  const task = useDesigner(
    useShallow((s) => {
      const n = s.nodes.find((x) => x.id === id);
      if (n?.type !== 'task') return null;
      return { name: n.data.name, objective: n.data.objective, agent: n.data.agent };
    }),
  );
  const dependsOn = useLinks(id, 'dependsOn');
  const neededBy = useLinks(id, 'neededBy');
  const errors = { name: useFieldError(id, 'name'), objective: useFieldError(id, 'objective'), agent: useFieldError(id, 'agent') };
  const commands = useCanvasCommands();
  if (!task) return null;
  const edit = { onFocus: () => api.getState().beginEdit(), onBlur: () => api.getState().endEdit() };

  return (
    <section className="sd-panel-section" aria-label="Selected task">
      <h2 className="sd-panel-title">Task</h2>
      <p className="sd-meta mono">{id}</p>
      <Field id="sd-task-name" label="Name" required error={errors.name}>
        {(aria) => <input className="input" value={task.name} onChange={(e) => api.getState().updateTask(id, { name: e.target.value })} {...edit} {...aria} />}
      </Field>
      <Field id="sd-task-agent" label="Agent" required error={errors.agent}>
        {(aria) => (
          <SearchableSelect {...aria} options={agentOptions} value={task.agent} onChange={(agent) => api.getState().updateTask(id, { agent }, { step: true })} placeholder="Choose an agent" />
        )}
      </Field>
      <Field id="sd-task-objective" label="Objective" required error={errors.objective}>
        {(aria) => (
          <textarea className="textarea" rows={4} value={task.objective} onChange={(e) => api.getState().updateTask(id, { objective: e.target.value })} {...edit} {...aria} />
        )}
      </Field>
      <div className="sd-links">
        <h3>Depends on</h3>
        {dependsOn.length ? (
          <ul>
            {dependsOn.map((entry) => {
              const [edgeId, other] = entry.split(SEP);
              return <LinkRow key={edgeId} edgeId={edgeId} otherId={other} selfId={id} direction="dependsOn" />;
            })}
          </ul>
        ) : (
          <p className="muted small">Nothing yet. Choose a task below, or drag from another task’s lower handle to this task’s upper one.</p>
        )}
        <DependsOnPicker id={id} />
        <h3>Needed by</h3>
        {neededBy.length ? (
          <ul>
            {neededBy.map((entry) => {
              const [edgeId, other] = entry.split(SEP);
              return <LinkRow key={edgeId} edgeId={edgeId} otherId={other} selfId={id} direction="neededBy" />;
            })}
          </ul>
        ) : (
          <p className="muted small">No task depends on this one.</p>
        )}
      </div>
      <TaskPlace id={id} />
      <Button size="sm" variant="danger" onClick={commands.remove}>
        Delete task
      </Button>
    </section>
  );
}

function SlotPanel({ id, agentOptions }: { id: string; agentOptions: SelectOption[] }) {
  const api = useDesignerApi();
  const slot = useDesigner(
    useShallow((s) => {
      const n = s.nodes.find((x) => x.id === id);
      if (!n || n.type === 'task') return null;
      return { type: n.type, agent: n.data.agent, autoPlaced: n.data.autoPlaced };
    }),
  );
  const error = useFieldError(id, 'agent');
  if (!slot) return null;
  return (
    <section className="sd-panel-section" aria-label={slot.type === 'planner' ? 'Planning agent' : 'Supervisor'}>
      <h2 className="sd-panel-title">{slot.type === 'planner' ? 'Planning agent' : 'Supervisor'}</h2>
      <Field id="sd-slot-agent" label="Agent" required error={error}>
        {(aria) => <SearchableSelect {...aria} options={agentOptions} value={slot.agent} onChange={(agent) => api.getState().setSlotAgent(id, agent)} />}
      </Field>
      <p className="muted small">
        {slot.autoPlaced ? 'Shown at a default place: move or resize it to save its place.' : 'Its place and size are saved with the squad.'} It is set or removed on
        the squad’s own page.
      </p>
    </section>
  );
}

function EdgePanel({ id }: { id: string }) {
  const api = useDesignerApi();
  const edge = useDesigner(useShallow((s) => s.edges.find((e) => e.id === id) ?? null));
  const source = useTaskName(edge?.source ?? '');
  const target = useTaskName(edge?.target ?? '');
  if (!edge) return null;
  return (
    <section className="sd-panel-section" aria-label="Selected link">
      <h2 className="sd-panel-title">Dependency</h2>
      <p>
        <strong>{target}</strong> depends on <strong>{source}</strong>.
      </p>
      <Button size="sm" variant="danger" onClick={() => api.getState().removeEdges([id])}>
        Delete link
      </Button>
    </section>
  );
}

function ProblemList() {
  const api = useDesignerApi();
  const flow = useReactFlow<DesignerNode>();
  const issues = useDesigner((s) => s.issues.list);
  if (!issues.length) return null;
  const show = (issue: Issue) => {
    if (!issue.nodeId) return;
    api.getState().selectOnly([issue.nodeId]);
    void flow.fitView({ nodes: [{ id: issue.nodeId }], maxZoom: 1, duration: 200 });
  };
  return (
    <section className="sd-panel-section sd-problems" aria-label="Problems">
      <h2 className="sd-panel-title">
        {issues.length} {issues.length === 1 ? 'problem' : 'problems'} to fix before saving
      </h2>
      <ul>
        {issues.slice(0, 50).map((issue, i) => (
          <li key={`${issue.path}-${i}`}>
            {issue.nodeId ? (
              <button type="button" className="sd-problem-link" onClick={() => show(issue)}>
                {sentence(describeIssue(issue, api.getState()))}
              </button>
            ) : (
              sentence(describeIssue(issue, api.getState()))
            )}
          </li>
        ))}
      </ul>
      {issues.length > 50 && <p className="muted small">…and {issues.length - 50} more.</p>}
    </section>
  );
}

function Overview() {
  const counts = useDesigner(useShallow((s) => ({ tasks: s.nodes.filter((n) => n.type === 'task').length, links: s.edges.length })));
  return (
    <section className="sd-panel-section" aria-label="Squad">
      <h2 className="sd-panel-title">Squad</h2>
      <p className="muted">
        {counts.tasks} {counts.tasks === 1 ? 'task' : 'tasks'}, {counts.links} {counts.links === 1 ? 'link' : 'links'}. Select a task to edit it.
      </p>
      <h3>Shortcuts</h3>
      <dl className="sd-shortcuts">
        <dt>Delete / Backspace</dt>
        <dd>Delete the selection</dd>
        <dt>{MOD}+Z · {MOD}+Shift+Z / Ctrl+Y</dt>
        <dd>Undo · redo</dd>
        <dt>{MOD}+A</dt>
        <dd>Select everything</dd>
        <dt>{MOD}+C · {MOD}+V</dt>
        <dd>Copy · paste tasks (also into another squad)</dd>
        <dt>Shift+drag · {MOD}+click</dt>
        <dd>Select several</dd>
        <dt>F / Shift+1</dt>
        <dd>Fit the view</dd>
        <dt>{MOD}+S</dt>
        <dd>Save</dd>
      </dl>
    </section>
  );
}

export function SidePanel({ agentOptions }: { agentOptions: SelectOption[] }) {
  const api = useDesignerApi();
  const key = useDesigner((s) => {
    let nodes = '';
    for (const n of s.nodes) if (n.selected) nodes += `${n.id}${SEP}`;
    let edges = '';
    for (const e of s.edges) if (e.selected) edges += `${e.id}${SEP}`;
    return `${nodes}${PART}${edges}`;
  });
  const [nodePart, edgePart] = key.split(PART);
  const nodes = nodePart.split(SEP).filter(Boolean);
  const edges = edgePart.split(SEP).filter(Boolean);
  const commands = useCanvasCommands();

  let body;
  if (nodes.length === 1 && edges.length === 0) {
    const type = api.getState().nodes.find((n) => n.id === nodes[0])?.type;
    body = type === 'task' ? <TaskPanel key={nodes[0]} id={nodes[0]} agentOptions={agentOptions} /> : <SlotPanel key={nodes[0]} id={nodes[0]} agentOptions={agentOptions} />;
  } else if (nodes.length === 0 && edges.length === 1) {
    body = <EdgePanel id={edges[0]} />;
  } else if (nodes.length || edges.length) {
    body = (
      <section className="sd-panel-section" aria-label="Selection">
        <h2 className="sd-panel-title">Selection</h2>
        <p>
          {nodes.length} {nodes.length === 1 ? 'node' : 'nodes'}, {edges.length} {edges.length === 1 ? 'link' : 'links'} selected.
        </p>
        <div className="row">
          <Button size="sm" onClick={commands.copy}>
            Copy
          </Button>
          <Button size="sm" variant="danger" onClick={commands.remove}>
            Delete
          </Button>
        </div>
      </section>
    );
  } else body = <Overview />;

  return (
    <aside className="sd-panel" aria-label="Details">
      <ProblemList />
      {body}
    </aside>
  );
}
