// The canvas checked with the API's own zod schema (D7 graph rules included): loaded on demand
// (after the canvas is drawn, and by a save), so that zod is not in the designer's first load
// and the check of a 1,000-task squad does not delay its first drawing.
import { squadInput, type SquadRecord } from '@/lib/schemas/squad';
import { byNodeOf, edgeProblems, locate, squadBody } from './domain';
import type { AgentInfo, Doc, Issue, Issues } from './types';

/** The body of PUT /squads/{id} for the canvas, as the API's schema reads it. */
export function parseBody(record: SquadRecord, doc: Doc) {
  return squadInput.safeParse(squadBody(record, doc));
}

/**
 * Everything that keeps the canvas from being saved, found by the API's own schema (D7 graph
 * rules included), plus agents the company does not have (the server would refuse them too).
 */
export function findIssues(record: SquadRecord, doc: Doc, agents: Record<string, AgentInfo> | null, previous: Issues): Issues {
  const body = squadBody(record, doc);
  const list: Issue[] = [];
  const parsed = squadInput.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      list.push({ path, message: issue.message, ...locate(path, doc) });
    }
  }
  if (agents) {
    body.squad.tasks.forEach((task, i) => {
      const path = `squad.tasks.${i}.agent`;
      if (task.agent && !agents[task.agent] && !list.some((x) => x.path === path)) {
        list.push({ path, message: `no agent with id "${task.agent}" in this company`, ...locate(path, doc) });
      }
    });
    for (const key of ['planningAgent', 'supervisor'] as const) {
      const slot = body.squad[key];
      if (slot && !agents[slot.id]) list.push({ path: `squad.${key}.id`, message: `no agent with id "${slot.id}" in this company`, ...locate(`squad.${key}.id`, doc) });
    }
  }
  return { list, byNode: byNodeOf(list, previous), byEdge: edgeProblems(doc, body.squad.tasks) };
}
