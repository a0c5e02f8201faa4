// The tool form's schema: the API's tool schema (lib/schemas/tool.ts) with the code rule of D8
// (`code` and `entryFunctionName` together, the function defined in the code) checked by the
// same shared function, and the catalogue type's settings and MCP server. Loaded by the form at
// the person's first action (lib/client/lazy-resolver.ts), not with the page (decision 085).
import { z } from 'zod';
import { httpUrl } from '@/lib/schemas/common';
import { codeRuleErrors, MCP_TRANSPORTS, toolFields } from '@/lib/schemas/tool';
import { CODE_TYPES, settingError, TRANSPORT_OF } from './tool-kinds';

export const toolForm = toolFields
  .pick({ name: true, description: true, sectors: true, publisher: true, enabled: true, environments: true })
  .extend({
    /** The catalogue type (tool-kinds.ts); '' for a tool with neither code nor an MCP server. */
    type: z.string(),
    /** An integration type's settings, as the form's text (written into the code's SETTINGS line). */
    // eslint-disable-next-line no-restricted-syntax -- keys are the type's own field keys (tool-kinds.ts), read with Object.hasOwn
    settings: z.record(z.string(), z.string()),
    code: z.string(),
    entryFunctionName: z.string(),
    mcp: z.object({ url: z.string(), transport: z.enum(['', ...MCP_TRANSPORTS]) }),
  })
  .superRefine(
    (v, ctx) => {
      const codeType = CODE_TYPES[v.type];
      for (const field of codeType?.fields ?? []) {
        const error = settingError(field, v.settings[field.key] ?? '');
        if (error) ctx.addIssue({ code: 'custom', path: ['settings', field.key], message: error });
      }
      if (codeType) {
        const code = toolFields.shape.code.safeParse(v.code);
        const entry = toolFields.shape.entryFunctionName.safeParse(v.entryFunctionName);
        if (!code.success) ctx.addIssue({ code: 'custom', path: ['code'], message: code.error.issues[0]!.message });
        if (!entry.success) ctx.addIssue({ code: 'custom', path: ['entryFunctionName'], message: entry.error.issues[0]!.message });
        if (code.success && entry.success) {
          if (code.data == null && entry.data == null) ctx.addIssue({ code: 'custom', path: ['code'], message: 'must not be empty' });
          for (const error of codeRuleErrors({ code: code.data, entryFunctionName: entry.data })) {
            ctx.addIssue({ code: 'custom', path: [error.path], message: error.message });
          }
        }
      }
      if (TRANSPORT_OF[v.type]) {
        const url = httpUrl.safeParse(v.mcp?.url ?? '');
        if (!url.success) ctx.addIssue({ code: 'custom', path: ['mcp', 'url'], message: url.error.issues[0]!.message });
        if (!v.mcp?.transport) ctx.addIssue({ code: 'custom', path: ['mcp', 'transport'], message: 'choose a transport' });
      }
    },
    { when: () => true },
  );
