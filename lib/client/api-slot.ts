// The slot ./api.ts fills when it is evaluated, for ./api-later.ts: a page whose own code has the
// request path already uses it instead of fetching its async chunk a second time (decision 085).
// Kept apart so that neither module imports the other back.
import type { api, apiPage, leaveTo } from './api';

export type ApiModule = { api: typeof api; apiPage: typeof apiPage; leaveTo: typeof leaveTo };

let loaded: ApiModule | null = null;

/** Called by ./api.ts when it is evaluated. */
export function apiLoaded(module: ApiModule): void {
  loaded = module;
}

export const loadedApi = (): ApiModule | null => loaded;
