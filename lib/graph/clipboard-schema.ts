// Reading what the designer stored outside the API (a clipboard payload, a draft's tasks) back:
// zod schemas, loose on values (the API checks them when saving), strict on types. Loaded on
// demand (paste, a draft found), not with the designer: see clipboard.ts.
import { z } from 'zod';
import { CLIPBOARD_KIND, type ClipboardPayload, type StoredTask } from './clipboard';

/** The shape of a task as the designer stores it outside the API (clipboard, drafts). */
export const storedTask: z.ZodType<StoredTask> = z.object({
  id: z.string().min(1),
  agent: z.string(),
  name: z.string(),
  objective: z.string(),
  dependsOn: z.array(z.string()),
  coordinates: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
});

const payloadSchema: z.ZodType<ClipboardPayload> = z.object({
  kind: z.literal(CLIPBOARD_KIND),
  version: z.literal(1),
  tasks: z.array(storedTask).min(1),
});

/** The payload in a clipboard text, or null when the text is something else. */
export function parseClipboard(text: string | null | undefined): ClipboardPayload | null {
  if (!text) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
