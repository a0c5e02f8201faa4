// The request path (./api.ts) for code in the list pages' and the shell's first load: their
// requests only start once react-query is loaded (./query-hub.tsx), which loads this too
// (./query-live.ts imports ./api.ts), so it stays out of the first load (decision 028). A page
// whose own code has ./api.ts already (a form, a detail page) uses that one: ./api.ts registers
// itself (./api-slot.ts) when it is evaluated, so its async chunk is not fetched a second time
// (decision 085).
import type { ApiOptions } from './api';
import { loadedApi, type ApiModule } from './api-slot';

const load = (): Promise<ApiModule> => {
  const loaded = loadedApi();
  return loaded ? Promise.resolve(loaded) : import('./api');
};

export const api = <T,>(path: string, options?: ApiOptions): Promise<T> => load().then((m) => m.api<T>(path, options));

export const apiPage = <T,>(path: string, options?: ApiOptions): Promise<{ data: T; next: string | null }> => load().then((m) => m.apiPage<T>(path, options));

export const leaveTo = (url: string): Promise<void> => load().then((m) => m.leaveTo(url));
