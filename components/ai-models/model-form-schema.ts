// The AI model form's schema: the API's model schema (lib/schemas/ai-model.ts) with the provider's
// key rule from GET /ai-models/providers. Loaded by the form at the person's first action
// (lib/client/lazy-resolver.ts), not with the page (decision 085).
import { z } from 'zod';
import type { Provider } from '@/lib/client/ai-models';
import { aiModelFields } from '@/lib/schemas/ai-model';

/** A typed key obeys the API's own key rule (trimmed, not empty, at most 2000 characters). */
const typedKey = aiModelFields.shape.apikey.unwrap().unwrap();

/** The provider rule of the form, from the providers list and whether a key is stored already. */
function keyProblem(rule: Provider['apikey'] | undefined, provider: string, typed: boolean, stored: boolean): string | null {
  if (rule === 'required' && !typed && !stored) return `is required for provider "${provider}"`;
  return null;
}

/** The form's schema, from the providers list and the key stored already (or null). */
export function modelForm(providers: Provider[], storedKey: string | null) {
  return aiModelFields
    .pick({ name: true, description: true, sectors: true, enabled: true, model: true })
    .extend({
      provider: z.string().trim().min(1, 'choose a provider').pipe(aiModelFields.shape.provider),
      /** What the person typed; empty keeps the stored key (or means "no key"). */
      apikey: z.string(),
    })
    .superRefine(
      (values, ctx) => {
        const provider = typeof values.provider === 'string' ? values.provider.trim() : '';
        const rule = providers.find((p) => p.key === provider)?.apikey;
        const typed = typeof values.apikey === 'string' && values.apikey.trim() !== '';
        // A hidden field is never checked: a forbidden provider's key is not sent.
        if (typed && rule !== 'forbidden') {
          const parsed = typedKey.safeParse(values.apikey);
          if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['apikey'], message: parsed.error.issues[0]!.message });
        }
        const problem = keyProblem(rule, provider, typed, storedKey !== null);
        if (problem) ctx.addIssue({ code: 'custom', path: ['apikey'], message: problem });
      },
      // The key rule shows even while other fields are still wrong.
      { when: () => true },
    );
}
