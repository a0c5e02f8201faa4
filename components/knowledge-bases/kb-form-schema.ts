// The knowledge-base form's schema: the API's knowledge-base schema (lib/schemas/knowledge-base.ts);
// the content rule of each type is the API's own body rule, and a file is checked against the
// upload limit. Loaded by the form at the person's first action (lib/client/lazy-resolver.ts),
// not with the page (decision 085).
import { z } from 'zod';
import { fileProblem } from '@/lib/client/knowledge-bases';
import { knowledgeBaseBody, knowledgeBaseFields } from '@/lib/schemas/knowledge-base';

/**
 * Only the type/content rule of the API's body schema, whatever the other fields hold: the
 * other fields are checked by the form's own schema, so they are given valid stand-ins here.
 */
function contentIssues(type: unknown, content: unknown) {
  const probe = { name: 'x', description: 'x', enabled: true, sectors: [], multimodal: false, tags: [], type, content };
  const parsed = knowledgeBaseBody.safeParse({ knowledgeBase: probe });
  return parsed.success ? [] : parsed.error.issues.filter((i) => i.path.join('.') === 'knowledgeBase.content');
}

/** The form's schema; `hasStoredFile`: the base already has a file (edit), so none need be chosen. */
export function kbForm(hasStoredFile: boolean) {
  return knowledgeBaseFields
    .extend({ content: z.string(), file: z.custom<File | null>((v) => v === null || (typeof File !== 'undefined' && v instanceof File)) })
    .superRefine(
      (v, ctx) => {
        if (v.type === 'file') {
          if (v.file) {
            const problem = fileProblem(v.file);
            if (problem) ctx.addIssue({ code: 'custom', path: ['file'], message: problem });
          } else if (!hasStoredFile) {
            ctx.addIssue({ code: 'custom', path: ['file'], message: 'choose a file to upload' });
          }
        } else {
          for (const issue of contentIssues(v.type, v.content)) ctx.addIssue({ code: 'custom', path: ['content'], message: issue.message });
        }
      },
      { when: () => true },
    );
}
