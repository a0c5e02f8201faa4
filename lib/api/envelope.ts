// Response helpers. Every answer of the API goes through one of these.
import { ApiError } from '../errors';

export const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

function json(body: unknown, status: number, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** `{ status: "OK", data }` — the spec's usual envelope. Creations pass 201. */
export const ok = (data: unknown, status = 200): Response => json({ status: 'OK', data }, status);
/** GET /health's answer: the route's, and the front door's (server/front-door.ts, decision 105). */
export const LIVENESS = { status: 'OK', data: { status: 'ok' } } as const;

/** `{ status: "ok", data }` — the AI-model reads spell the status in lower case. */
export const okLower = (data: unknown): Response => json({ status: 'ok', data }, 200);

/** A bare JSON array with no envelope (GET /agents, GET /agents/history). */
export const bare = (items: unknown[]): Response => json(items, 200);

/**
 * The same answers around a list the database already wrote as JSON text (lib/server/store):
 * the text goes out as it is, never parsed and stringified again.
 */
export const bareJson = (listJson: string): Response => new Response(listJson, { status: 200, headers: JSON_HEADERS });
export const okJson = (dataJson: string): Response => new Response(`{"status":"OK","data":${dataJson}}`, { status: 200, headers: JSON_HEADERS });
export const okLowerJson = (dataJson: string): Response => new Response(`{"status":"ok","data":${dataJson}}`, { status: 200, headers: JSON_HEADERS });

/** `{ status: "OK", id }` with 201 — POST /ai-models puts the id at the top level. */
export const createdTopLevelId = (id: string): Response => json({ status: 'OK', id }, 201);

/** The D2 error envelope of an error (also written by server.ts for answers made before Next.js). */
export function errorEnvelope(error: ApiError): Record<string, unknown> {
  const body: Record<string, unknown> = { status: 'ERROR', code: error.code, data: null, message: error.message };
  if (error.errors?.length) body.errors = error.errors;
  if (error.dependents) body.dependents = error.dependents;
  return body;
}

export const errorResponse = (error: ApiError): Response => json(errorEnvelope(error), error.status, error.headers);
