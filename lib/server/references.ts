// D5: references (agent → model/tools/knowledge bases, squad → agents) must name existing
// resources of the caller's company; otherwise a 400 naming the field.
import { invalidFields, type FieldError } from '../api/errors';
import type { Tx } from './db';

export type ReferenceKind = 'aiModel' | 'tool' | 'knowledgeBase' | 'agent';

const LABEL: Record<ReferenceKind, string> = {
  aiModel: 'AI model',
  tool: 'tool',
  knowledgeBase: 'knowledge base',
  agent: 'agent',
};

export type ReferenceCheck = { kind: ReferenceKind; path: string; id: string };

async function existingIds(tx: Tx, kind: ReferenceKind, companyId: string, ids: string[]): Promise<Set<string>> {
  const where = { companyId, id: { in: ids } };
  const select = { id: true } as const;
  const rows =
    kind === 'aiModel'
      ? await tx.aiModel.findMany({ where, select })
      : kind === 'tool'
        ? await tx.tool.findMany({ where, select })
        : kind === 'knowledgeBase'
          ? await tx.knowledgeBase.findMany({ where, select })
          : await tx.agent.findMany({ where, select });
  return new Set(rows.map((r) => r.id));
}

export async function assertReferences(tx: Tx, companyId: string, checks: ReferenceCheck[]): Promise<void> {
  const errors: FieldError[] = [];
  for (const kind of Object.keys(LABEL) as ReferenceKind[]) {
    const mine = checks.filter((c) => c.kind === kind);
    if (!mine.length) continue;
    const found = await existingIds(tx, kind, companyId, [...new Set(mine.map((c) => c.id))]);
    for (const check of mine) {
      if (!found.has(check.id)) errors.push({ path: check.path, message: `no ${LABEL[kind]} with id "${check.id}"` });
    }
  }
  if (errors.length) throw invalidFields(errors);
}
