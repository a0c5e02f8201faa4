// The request path (./api.ts) for code in the list pages' and the shell's first load: their
// requests only start once react-query is loaded (./query-hub.tsx), and this loads at the first
// request, so it stays out of the first load (decision 028). A page that has ./api.ts already
// (forms, details, the designer) gets no second copy with react-query (decision 099).
import type { ApiOptions } from './api';

export const api = <T,>(path: string, options?: ApiOptions): Promise<T> => import('./api').then((m) => m.api<T>(path, options));

export const apiPage = <T,>(path: string, options?: ApiOptions): Promise<{ data: T; next: string | null }> => import('./api').then((m) => m.apiPage<T>(path, options));

export const leaveTo = (url: string): Promise<void> => import('./api').then((m) => m.leaveTo(url));
