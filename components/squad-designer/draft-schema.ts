// The shape of a local draft (draft.ts), checked when one is read back: loaded on demand.
import { z } from 'zod';
import { storedTask } from '@/lib/graph/clipboard-schema';
import type { Draft } from './domain';

const box = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
const slot = z.object({ id: z.string(), coordinates: box.optional() }).nullable();

const draftSchema: z.ZodType<Draft> = z.object({
  squadId: z.string(),
  baseVersion: z.number().int(),
  savedAt: z.string(),
  squad: z.object({ tasks: z.array(storedTask), planningAgent: slot, supervisor: slot }),
});

/** The draft in a stored value, or null when it is not one. */
export function parseDraft(value: unknown): Draft | null {
  const parsed = draftSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
