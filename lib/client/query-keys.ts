// Query keys shared by the browser's hooks (./resource.ts) and the server's first-page prefetch
// (app/(console)/prefetched.tsx): both must name a list the same way for hydration to find it.
export const listKey = (key: string) => [key, 'list'] as const;
export const PROVIDERS_KEY = ['ai-model-providers'] as const;

/** The signed-in person's queries (./session.ts). */
export const sessionKeys = {
  all: ['session'] as const,
  me: () => ['session', 'me'] as const,
  setupStatus: () => ['session', 'setup-status'] as const,
};
