// How the data layer reads rows with their child rows (an agent's tools, a squad's tasks) at any
// scale. Prisma's `include` loads children with a second query that binds one parameter per
// parent id, and a statement takes at most 999 bind parameters on SQLite and 32,766 on
// PostgreSQL: lists failed (P2029) from about 1,000 rows. So no list hands the database a list
// of ids that grows with the data. A read runs one query for the parent rows and one per child
// relation, filtered through the relation by the parents' own filter (`{ agent: where }`, a join
// or subquery in SQL, a constant number of parameters), and groups the children here.

/**
 * Groups child rows by their parent's id, keeping the order they came in (query them ordered by
 * position): `const toolsOf = groupByParent(links, (l) => l.agentId)`, then `toolsOf(agent.id)`.
 */
export function groupByParent<T>(rows: readonly T[], parentId: (row: T) => string): (id: string) => T[] {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = parentId(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return (id) => groups.get(id) ?? [];
}
