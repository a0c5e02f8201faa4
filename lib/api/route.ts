// The one wrapper every API route goes through: credential (401), method (405), role (403, D11:
// what the route needs is read from lib/kinds/access.ts's one table, by the route's folder), then
// the handler; any error becomes the spec's envelope through the table in ./errors.
import 'server-only';
import type { ZodType } from 'zod';
import { actorForAccessToken, type Actor } from '../server/auth/tokens';
import { databaseLoaded, loadDatabase } from '../server/db';
import { describeUnexpectedError, translatePrismaError } from '../server/prisma-errors';
import { requestContext } from '../server/request-context';
import { readJsonBody } from './body';
import { errorResponse } from './envelope';
import { ApiError, invalidField } from '../errors';
import { parseWith } from './validation';
import { sessionAccessToken } from './session-cookie';
import { dict } from '../dict';
import { atLeast, roleNeeded, routeNeeds, type Need, type RoutePath } from '../kinds/access';
import { findKind } from '../kinds';
import { noSuchEndpoint } from './kinds';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

export type RouteContext<P> = {
  req: Request;
  url: URL;
  params: P;
  actor: Actor;
  /** Reads the JSON body and validates it with `schema` (415/413/400 as D2 orders them). */
  body<T>(schema: ZodType<T>): Promise<T>;
  /** The raw JSON body (or undefined). */
  json(): Promise<unknown>;
  /** Validates the query string with `schema` (400 naming the parameter). */
  query<T>(schema: ZodType<T>): T;
};

export type PublicContext = Omit<RouteContext<Record<string, string>>, 'actor'> & { remoteAddress: string };

type Handler<P> = (ctx: RouteContext<P>) => Promise<Response>;
type NextHandler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type Exports = Record<Method, NextHandler>;

export function remoteAddress(): string {
  return requestContext.getStore()?.remoteAddress ?? 'unknown';
}

/** The bare token from `authorization: <token>` or `authorization: Bearer <token>`, else the console's session cookie. */
export function accessToken(req: Request): string | null {
  const header = req.headers.get('authorization')?.trim();
  if (header) {
    const bearer = /^bearer\s+(.+)$/i.exec(header);
    return (bearer ? bearer[1] : header).trim() || null;
  }
  return sessionAccessToken(req);
}

/** The caller's actor: synchronously when its token was checked in the last few seconds. */
function authenticate(req: Request): Actor | Promise<Actor> {
  const token = accessToken(req);
  if (!token) throw new ApiError('unauthorized', 'Missing credential: send the header "authorization: <idToken>"');
  if (/^apikey\s/i.test(token)) {
    throw new ApiError('unauthorized', 'An API key is exchanged for a token at GET /api/authentication/generate-access-token');
  }
  return actorForAccessToken(token);
}

export function handleError(caught: unknown): Response {
  const error = translatePrismaError(caught);
  if (error instanceof ApiError) return errorResponse(error);
  // Never leak internals: log the kind of failure without request data, answer a generic 500.
  console.error('[api] unexpected error:', describeUnexpectedError(error));
  return errorResponse(new ApiError('server', 'Internal server error'));
}

const hasNul = (value: unknown): boolean =>
  typeof value === 'string' ? value.includes('\u0000') : Array.isArray(value) && value.some(hasNul);

/** The query string as a prototype-free object (its names are the caller's); a NUL character (which no database column takes) is a 400. */
function queryValues(url: URL): Record<string, string> {
  const values = dict(url.searchParams);
  for (const [key, value] of Object.entries(values)) {
    if (hasNul(key) || hasNul(value)) throw invalidField(key.replace(/\u0000/g, ''), 'must not contain NUL characters');
  }
  return values;
}

/** Path parameters; an id holding a NUL character cannot exist (404 rather than a database error). */
async function routeParams<P>(ctx: { params: Promise<Record<string, string | string[]>> }): Promise<P> {
  const params = await ctx.params;
  if (Object.values(params ?? {}).some(hasNul)) throw new ApiError('not_found', 'Not found');
  return params as P;
}

/** A handler's context, `extra` (the actor, the address) included; the URL is parsed only if asked for. */
function makeContext<P, X extends object>(req: Request, params: P, extra: X): Omit<RouteContext<P>, 'actor'> & X {
  let cached: Promise<unknown> | undefined;
  let url: URL | undefined;
  const json = () => (cached ??= readJsonBody(req));
  const context = {
    req,
    get url() {
      return (url ??= new URL(req.url));
    },
    params,
    json,
    body: async <T,>(schema: ZodType<T>) => parseWith(schema, await json()),
    query: <T,>(schema: ZodType<T>) => parseWith(schema, queryValues(context.url)),
  };
  return Object.assign(context, extra);
}

function methodNotAllowed(allowed: string[]): ApiError {
  return new ApiError('method', `Method not allowed; use ${allowed.join(', ')}`, undefined, { allow: allowed.join(', ') });
}

/** What each method of the route at `path` needs; a handler the table does not cover is a programming error, caught when the module loads. */
function needsOf(path: RoutePath, methods: readonly Method[], kind: 'authenticated' | 'public'): Map<Method, Need> {
  const declared = routeNeeds(path);
  const needs = new Map<Method, Need>();
  for (const method of methods) {
    const need = declared && Object.hasOwn(declared, method) ? declared[method] : undefined;
    if (need === undefined) throw new Error(`lib/kinds/access.ts declares nothing for ${method} /api/${path}`);
    if ((need === 'public') !== (kind === 'public')) throw new Error(`${method} /api/${path} is declared ${need === 'public' ? 'public' : 'authenticated'} in lib/kinds/access.ts`);
    needs.set(method, need);
  }
  return needs;
}

/** Whether a `[kind]` route's kind is one of the registry (else the path is unknown, whatever the method: the catch-all's 404). */
const knownKind = async (ctx: { params: Promise<Record<string, string | string[]>> }): Promise<boolean> => {
  const { kind } = await ctx.params;
  return typeof kind === 'string' && findKind(kind) !== undefined;
};

/** 403 unless the caller's role reaches what the method needs (D11 names the role needed). */
function assertRole(actor: Actor, need: Exclude<Need, 'public'>, params: unknown): void {
  const kindParam = typeof need === 'object' && need.kind === '[kind]' ? (params as { kind?: string }).kind : undefined;
  const role = roleNeeded(need, kindParam);
  if (!atLeast(actor.role, role)) throw new ApiError('forbidden', `This needs the ${role} role or above; ${actor.kind === 'apiKey' ? 'this API key' : 'you'} ${actor.kind === 'apiKey' ? 'is' : 'are'} ${actor.role}`);
}

/**
 * Defines an authenticated route at `path` (its folder below app/api, the key of its entry in
 * lib/kinds/access.ts): `export const { GET, POST, ... } = defineRoute<{ id: string }>('agents/[id]', { GET: ... })`.
 */
export function defineRoute<P = Record<string, never>>(path: RoutePath, handlers: Partial<Record<Method, Handler<P>>>): Exports {
  const table = handlers;
  const allowed = METHODS.filter((m) => table[m]);
  const needs = needsOf(path, allowed, 'authenticated');
  const kindRoute = path.startsWith('[kind]');
  const build = (method: Method): NextHandler => async (req, ctx) => {
    try {
      // The usual request (database loaded, token recently checked) awaits only its params and
      // handler: every promise costs a turn and, with the request's AsyncLocalStorage, a hook.
      if (!databaseLoaded()) await loadDatabase();
      const checked = authenticate(req);
      const actor = checked instanceof Promise ? await checked : checked;
      const handler = table[method];
      if (!handler) throw kindRoute && !(await knownKind(ctx)) ? noSuchEndpoint() : methodNotAllowed(allowed);
      const params = await routeParams<P>(ctx);
      assertRole(actor, needs.get(method) as Exclude<Need, 'public'>, params);
      return await handler(makeContext(req, params, { actor }));
    } catch (error) {
      return handleError(error);
    }
  };
  return Object.fromEntries(METHODS.map((m) => [m, build(m)])) as Exports;
}

/**
 * A route that takes no access token (credential issuing, sign-in, first-run setup). Routes that
 * check a credential count their own failures (lib/server/auth/rate-limit.ts), so that a right API
 * key or refresh token is never refused for its address's failures (decision 009). Nothing here
 * counts or touches the database; `{ database: false }` (the liveness route) does not even load
 * the database client.
 */
export function definePublicRoute(
  path: RoutePath,
  handlers: Partial<Record<Method, (ctx: PublicContext) => Promise<Response>>>,
  options: { database?: boolean } = {},
): Exports {
  const table = handlers;
  const allowed = METHODS.filter((m) => table[m]);
  needsOf(path, allowed, 'public');
  const usesDatabase = options.database ?? true;
  const build = (method: Method): NextHandler => async (req, ctx) => {
    try {
      if (usesDatabase && !databaseLoaded()) await loadDatabase();
      const handler = table[method];
      if (!handler) throw methodNotAllowed(allowed);
      const params = await routeParams<Record<string, string>>(ctx);
      return await handler(makeContext(req, params, { remoteAddress: remoteAddress() }));
    } catch (error) {
      return handleError(error);
    }
  };
  return Object.fromEntries(METHODS.map((m) => [m, build(m)])) as Exports;
}
