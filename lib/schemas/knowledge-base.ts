// Knowledge base (D9): the schemas shared by the API routes and the console's knowledge-base form.
import { z } from 'zod';
import { boolish, dateTime, freeText, httpUrl, sectors, stringArray, stringList, text } from './common';
import { KNOWLEDGE_BASE_TYPES } from './form-values';

export { KNOWLEDGE_BASE_TYPES };
export type KnowledgeBaseType = (typeof KNOWLEDGE_BASE_TYPES)[number];

/** The knowledge-base fields, sent inside the wrapper `knowledgeBase`. `content` is checked per `type` below. */
export const knowledgeBaseFields = z.object({
  name: text(200),
  description: text(),
  enabled: boolish,
  sectors,
  content: freeText(1_000_000).optional(),
  type: z.enum(KNOWLEDGE_BASE_TYPES, { error: (issue) => (issue.input === undefined ? 'is required' : 'must be "file", "url" or "text"') }),
  multimodal: boolish,
  tags: stringList(),
});

/** The original name of an uploaded file: a plain name, kept for display only (never a path on disk). */
export const originalFilename = text(255).refine((name) => !/[\u0000-\u001f\u007f]/.test(name), 'must not contain control characters');

/**
 * POST /knowledge-bases and PUT /knowledge-bases/{id}: `{ knowledgeBase, filename }`.
 * `url` needs an http(s) URL in `content`; `text` needs non-empty `content`; `file` takes
 * `filename` (whether it is required depends on the stored record, see lib/server/knowledge-bases);
 * `filename` is ignored for the other types, and `content` of a `file` base is the service's own.
 */
export const knowledgeBaseBody = z
  .object({ knowledgeBase: knowledgeBaseFields, filename: z.unknown().optional() })
  .transform((body, ctx) => {
    const { content = '', ...fields } = body.knowledgeBase;
    let filename: string | null = null;
    const problem = contentProblem(fields.type, content);
    if (problem) ctx.addIssue({ code: 'custom', path: ['knowledgeBase', 'content'], message: problem });
    if (fields.type === 'file' && body.filename !== undefined && body.filename !== null) {
      const parsed = originalFilename.safeParse(body.filename);
      if (parsed.success) filename = parsed.data;
      else ctx.addIssue({ code: 'custom', path: ['filename'], message: parsed.error.issues[0].message });
    }
    return { knowledgeBase: { ...fields, content: fields.type === 'file' ? '' : content }, filename };
  });

/** The `content` rule per type: `url` needs an http(s) URL, `text` a non-empty text; a `file` base's content is the service's own. */
export function contentProblem(type: KnowledgeBaseType, content: string): string | null {
  if (type === 'url' && !httpUrl.safeParse(content).success) return content === '' ? 'is required for type "url"' : 'must be an http(s) URL for type "url"';
  if (type === 'text' && content === '') return 'must not be empty for type "text"';
  return null;
}

export type KnowledgeBaseInput = z.output<typeof knowledgeBaseBody>;
export type KnowledgeBaseFormValues = z.input<typeof knowledgeBaseFields>;

export const knowledgeBaseRecord = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  sectors: stringArray,
  content: z.string().describe("The URL, the literal text, or (type `file`) the stored file's name, empty until a file is uploaded"),
  type: z.enum(KNOWLEDGE_BASE_TYPES),
  multimodal: z.boolean(),
  tags: stringArray,
  filename: z.string().nullable().describe("The uploaded file's original name (type `file` only)"),
  fileSize: z.number().int().nullable().describe('Size in bytes of the uploaded file, null until one is uploaded'),
  createdAt: dateTime,
  updatedAt: dateTime,
});

export type KnowledgeBaseRecord = z.output<typeof knowledgeBaseRecord>;
