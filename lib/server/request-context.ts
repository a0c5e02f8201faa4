// Per-request facts that only the custom server (server.ts) can see: the body of a GET request
// (Next.js route handlers never receive one) and the client's address. Kept in an
// AsyncLocalStorage on globalThis so that server.ts and the bundled route handlers share it;
// nothing a client sends can set it.
import { AsyncLocalStorage } from 'node:async_hooks';

export type GetBody = { kind: 'none' } | { kind: 'text'; text: string; contentType: string } | { kind: 'too_large' };

export type RequestContext = { getBody: GetBody; remoteAddress: string; userAgent?: string };

const KEY = Symbol.for('agent-orchestration.request-context');
const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<RequestContext> | undefined>;

export const requestContext: AsyncLocalStorage<RequestContext> = (holder[KEY] ??= new AsyncLocalStorage<RequestContext>());
