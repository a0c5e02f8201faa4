// Query keys shared by the browser's hooks (./resource.ts) and the server's first-page prefetch
// (lib/server/prefetch.tsx): both must name a list the same way for hydration to find it.
export const listKey = (key: string) => [key, 'list'] as const;
export const PROVIDERS_KEY = ['ai-model-providers'] as const;
