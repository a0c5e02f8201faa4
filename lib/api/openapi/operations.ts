// The registry of every API operation: the OpenAPI document (./document.ts) is built from it, and
// the tests check that every route file has its entries (tests/unit/openapi.test.ts) and that
// every answer of the API test suite matches the schema listed here (tests/api/response-check.ts).
//
// Adding a route: add an `op('METHOD /path/{id}', { ... })` below, naming the zod schemas the
// route itself uses for its body and query, and the record schema of its answer wrapped in the
// envelope it is sent in (ok / okLower / bare array / topLevelIdEnvelope). Error answers (400,
// 401, 404, 413, 415, 500 …) are added from what the entry declares; list others in `errors`.
import { z, type ZodObject, type ZodType } from 'zod';
import { agentHistoryRecord, agentInput, agentRecord } from '../../schemas/agent';
import {
  aiModelCreateBody,
  aiModelHistoryPage,
  aiModelRecord,
  aiModelUpdateBody,
  environmentBody,
  environmentListQuery,
  environmentSchema,
  historyQuery,
  providerRecord,
} from '../../schemas/ai-model';
import {
  apiKeyCreate,
  apiKeyList,
  apiKeyRecord,
  apiKeyRoll,
  createdApiKeyRecord,
  rolledApiKeyRecord,
  passwordChange,
  passwordChanged,
  refreshBody,
  sessionRecord,
  sessionRefreshed,
  setup,
  setupStatus,
  signedInRecord,
  signedOut,
  signIn,
  tokensRecord,
} from '../../schemas/auth';
import { enableBody, enabledRecord, idRecord, listPageQuery } from '../../schemas/common';
import { companyRecord, companyUpdate } from '../../schemas/company';
import { createdInvitationRecord, invitationAccept, invitationCreate, invitationList, invitationRecord, passwordReset, resetLinkRecord } from '../../schemas/invitations';
import { memberList, memberRecord, memberUpdate, profileUpdate } from '../../schemas/members';
import { keyedMap } from '../../schemas/keyed';
import { knowledgeBaseRecord } from '../../schemas/knowledge-base';
import { squadHistoryQuery, squadInput, squadRecord } from '../../schemas/squad';
import { squadHistoryRecord } from '../../schemas/squad';
import { availableToolType } from '../../schemas/tool';
import { bundleDocument, bundleImportBody, bundlePlan } from '../../schemas/bundle';
import { ACTIVITY_CSV_COLUMNS, activityPageRecord, activityQuery, activitySettingsBody, activitySettingsRecord } from '../../schemas/activity';
import { usageRecord } from '../../schemas/usage';
import { diffQuery, kindHistoryPageRecord, versionDetailRecord, versionDiffRecord, versionPageRecord, versionsQuery } from '../../schemas/version';
import { kind, kindOfRef, KINDS, withArticle, type Kind, type KindDef } from '../../kinds';
import { KIND_STORES, type KindStore } from '../../server/kinds';
import { errorEnvelope, inUseErrorEnvelope, okEnvelope as ok, okLowerEnvelope as okLower, topLevelIdEnvelope } from './envelopes';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * Who may call: `token` an access token (header or the console's session cookie), `apiKey` the
 * `authorization: ApiKey <key>` header, `console` the console's session endpoints (header
 * `x-requested-with: console`, cookies), `none` anybody.
 */
export type Auth = 'token' | 'apiKey' | 'console' | 'none';

export type ResponseSpec = {
  description: string;
  schema?: ZodType;
  headers?: Record<string, string>;
  /** Other media types the same status may answer (a streamed export), each with its description. */
  media?: Record<string, string>;
  /** A file's bytes instead of JSON (the media types it may be sent as). */
  file?: string;
};

export type Operation = {
  method: HttpMethod;
  /** The path under /api, parameters as `{id}`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  auth: Auth;
  /** JSON body (the route's own zod schema); `required: false` for the optional GET bodies. */
  body?: { schema: ZodType; required?: boolean; description?: string };
  /** A multipart/form-data upload instead of a JSON body. */
  upload?: { field: string; description: string };
  /** The route's own zod schema of the query string. */
  query?: ZodObject;
  /** Request headers other than the credential. */
  headers?: { name: string; description: string; required?: boolean }[];
  responses: Record<number, ResponseSpec>;
  /** Error statuses beyond those implied by auth, body, query and path (403, 409, 429, 503 …). */
  errors?: number[];
};

type Entry = Omit<Operation, 'method' | 'path'>;

function op(route: `${HttpMethod} /${string}`, entry: Entry): Operation {
  const [method, path] = route.split(' ') as [HttpMethod, string];
  return { method, path, ...entry };
}

const list = <T extends ZodType>(item: T) => z.array(item);

/** D13's opt-in paging of the five lists (decision 040). */
const PAGED =
  ' With `limit` (1–1,000) the answer is one page of the list, in the same shape, with at most `limit` items; while more remain, a `Link: <…&last=…>; rel="next"` header gives the next page (follow it as it is). Without `limit` the whole list, as before. Pages are read after the last item sent (list order: creation, then id), so items created or deleted between reads never make a page repeat or skip another.';
const LINK = { link: 'Only with `limit` and while more items remain: `</api/…?limit=…&last=<cursor>>; rel="next"`, the next page (a reference relative to this request).' };

const ETAG = { etag: 'The resource\'s version, e.g. `"3"`; send it back in If-Match.' };

/** If-Match on the writes of an existing resource (PUT, enable, DELETE; decision 050). */
const IF_MATCH = {
  name: 'if-match',
  description: 'The version read (ETag), e.g. `"3"` (also `W/"3"`, `3` or a list). A stale one is a 409 naming the current version, and nothing changes; `*` or absent writes unconditionally.',
};

/** Idempotency-Key on creations (decision 051). */
const IDEMPOTENCY_KEY = {
  name: 'idempotency-key',
  description:
    'Optional, 1–255 visible ASCII characters. A retry with the same key and the same request within 24 hours answers the first answer again (same status and body, header `Idempotent-Replayed: true`) and creates nothing; the same key with another request is a 422; a retry while the first still runs is a 409. Scoped per company and credential; only successful answers are kept.',
};

const AI_MODEL_GET_BODY = {
  schema: environmentBody,
  required: false,
  description:
    'As the spec shows, a GET with a JSON body: `{"environment":{"company":"…","sector":"…"}}`. The same values may come from the query string instead (browsers cannot send a GET body). `company`, when sent, must be the caller\'s (else 403).',
};

/** The 409 of a DELETE refused while something uses the resource (decision 014). */
const IN_USE = (what: string) => ({
  409: {
    description: `In use: ${what} uses it; \`dependents\` lists them (the first 50). Or a stale If-Match (no \`dependents\`).`,
    schema: z.union([inUseErrorEnvelope, errorEnvelope]),
  },
});

/** What GET /{kind}/{id}/usage lists, by the kind that can use the resource (decision 014). */
function usageDescription(k: Kind): string {
  if (k.usedBy === null) return `Nothing uses ${withArticle(k.singular)}: always \`{ items: [], total: 0 }\` (there for symmetry with the other kinds).`;
  if (k.usedBy === 'squad') {
    return `The squads using the ${k.singular}: \`{ kind: "squad", id, name, via, tasks }\`, \`via\` the roles it plays (\`task\`, \`planningAgent\`, \`supervisor\`), \`tasks\` the \`{ id, name }\` of the tasks it runs, in task order.`;
  }
  return `The agents using the ${k.singular}: \`{ kind: "agent", id, name }\`.`;
}

/** A kind's operations are tagged with its plural title (lib/kinds). */
const AGENTS = kind('agents').titlePlural;
const SQUADS = kind('squads').titlePlural;
const TOOLS = kind('tools').titlePlural;
const KBS = kind('knowledge-bases').titlePlural;
const MODELS = kind('ai-models').titlePlural;
const AUTH = 'Authentication';
const SESSION = 'Console session';
const KEYS = 'API keys';
const MEMBERS = 'Members';
const BUNDLES = 'Bundles';
const ACTIVITY = 'Activity';
const SERVICE = 'Service';

/** A restore answers like the kind's detail GET (lib/kinds: its envelope, wrapper and ETag). */
function restoredSpec(k: Kind): ResponseSpec {
  const record = KIND_STORES[k.key].schemas.record;
  const data = k.detail.wrap ? z.object({ [k.detail.wrap]: record }) : record;
  return { description: `The restored ${k.singular}`, schema: k.detail.status === 'ok' ? okLower(data) : ok(data), ...(k.detail.etag ? { headers: ETAG } : {}) };
}

/**
 * The list, create, detail, update, delete and history operations of a kind on the shared routes
 * (app/api/[kind], decision 103): from the registry, its schemas and what its server entry adds
 * (`docs`: a create's rules, an update's summary and rules).
 */
function sharedKindOperations(k: Kind): Operation[] {
  const { schemas, docs } = KIND_STORES[k.key] as KindStore;
  const [kind, tag, an] = [k.key, k.titlePlural, withArticle(k.singular)];
  const by = k.usedBy ? kindOfRef(k.usedBy) : null;
  const deleted = { 200: { description: 'Deleted', schema: ok(idRecord) } };
  return [
    op(`GET /${kind}`, {
      tag,
      auth: 'token',
      summary: `List the company's ${k.plural}`,
      description: PAGED.trim(),
      query: listPageQuery,
      responses: { 200: { description: k.titlePlural, schema: ok(list(schemas.record)), headers: LINK } },
    }),
    op(`POST /${kind}`, {
      tag,
      auth: 'token',
      summary: `Create ${an}`,
      ...(docs?.create ? { description: docs.create } : {}),
      body: { schema: schemas.create },
      headers: [IDEMPOTENCY_KEY],
      responses: { 201: { description: 'Created', schema: ok(idRecord) } },
      errors: [409, 422],
    }),
    op(`GET /${kind}/{id}`, {
      tag,
      auth: 'token',
      summary: `Read ${an}`,
      responses: { 200: { description: `The ${k.singular}`, schema: ok(schemas.record), headers: ETAG } },
    }),
    op(`PUT /${kind}/{id}`, {
      tag,
      auth: 'token',
      summary: docs?.update?.summary ?? `Replace ${an}`,
      ...(docs?.update?.description ? { description: docs.update.description } : {}),
      body: { schema: schemas.update },
      headers: [IF_MATCH],
      responses: { 200: { description: `The updated ${k.singular}`, schema: ok(schemas.record) } },
      errors: [409],
    }),
    op(`DELETE /${kind}/{id}`, {
      tag,
      auth: 'token',
      summary: `Delete ${an}`,
      ...(by ? { description: `409 while ${withArticle(by.singular)} uses it, naming the ${by.plural} in \`dependents\`.` } : {}),
      headers: [IF_MATCH],
      responses: by ? { ...deleted, ...IN_USE(withArticle(by.singular)) } : deleted,
    }),
    op(`GET /${kind}/history`, {
      tag,
      auth: 'token',
      summary: `Every ${k.singular} change of the company, newest first`,
      description: 'The versions of every resource of the kind (decision 057), each with the resource\'s id and its name as of that change; `limit` 1–100 (20), `last` the previous page\'s `next` (`""` on the last page).',
      query: versionsQuery,
      responses: { 200: { description: 'One page of changes', schema: ok(kindHistoryPageRecord) } },
    }),
  ];
}

/** The routes every kind of the registry has: where used (decision 014) and the four version routes (decision 013). */
function kindOperations(k: Kind): Operation[] {
  const [kind, tag, an] = [k.key, k.titlePlural, withArticle(k.singular)];
  return [
    op(`GET /${kind}/{id}/usage`, {
      tag,
      auth: 'token',
      summary: `Where ${an} is used`,
      description: `${usageDescription(k)} Every dependent is listed (no paging), sorted by name then id.`,
      responses: { 200: { description: 'What uses it', schema: ok(usageRecord) } },
    }),
    op(`GET /${kind}/{id}/versions`, {
      tag,
      auth: 'token',
      summary: `Versions of ${an}`,
      description: 'Newest first; `limit` 1–100 (20), `last` the previous page\'s `next` (`""` on the last page). A deleted resource\'s versions stay readable.',
      query: versionsQuery,
      responses: { 200: { description: 'One page of versions', schema: ok(versionPageRecord) } },
    }),
    op(`GET /${kind}/{id}/versions/{n}`, {
      tag,
      auth: 'token',
      summary: `One version of ${an} with its full state`,
      responses: { 200: { description: 'The version', schema: ok(versionDetailRecord) } },
    }),
    op(`GET /${kind}/{id}/versions/diff`, {
      tag,
      auth: 'token',
      summary: `Field-level diff between two versions of ${an}`,
      query: diffQuery,
      responses: { 200: { description: 'The changes from `from` to `to`', schema: ok(versionDiffRecord) } },
    }),
    op(`POST /${kind}/{id}/versions/{n}/restore`, {
      tag,
      auth: 'token',
      summary: `Restore version n of ${an} (a new version)`,
      description: 'Goes through the same checks as an update; 409 when a referenced resource no longer exists or when If-Match names a version that is no longer the latest. A deleted resource is recreated with the same id.',
      headers: [{ name: 'if-match', description: 'The latest version the client saw, e.g. `"3"`; `*` or absent restores unconditionally.' }],
      responses: { 200: restoredSpec(k) },
      errors: [409],
    }),
  ];
}

export const OPERATIONS: Operation[] = [
  // Service
  op('GET /health', {
    tag: SERVICE,
    auth: 'none',
    summary: 'Liveness',
    description: 'Answers while the process runs; touches no database. Never counted by the brute-force limits.',
    responses: { 200: { description: 'Alive', schema: ok(z.object({ status: z.literal('ok') })) } },
  }),
  op('GET /health/ready', {
    tag: SERVICE,
    auth: 'none',
    summary: 'Readiness',
    description: 'Answers once the database answers a trivial query; 503 otherwise (no detail of the failure).',
    responses: { 200: { description: 'Ready', schema: ok(z.object({ status: z.literal('ready') })) } },
    errors: [503],
  }),
  op('GET /openapi.json', {
    tag: SERVICE,
    auth: 'none',
    summary: 'This OpenAPI 3.1 document',
    description: 'Generated from the zod schemas the routes validate with; no envelope.',
    responses: {
      200: {
        description: 'The document',
        schema: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: keyedMap(z.string(), z.unknown()) }),
      },
    },
  }),

  // Authentication
  op('GET /authentication/generate-access-token', {
    tag: AUTH,
    auth: 'apiKey',
    summary: 'Exchange an API key for tokens',
    description: 'Send `authorization: ApiKey <API_KEY>`. The idToken lasts `expiresIn` seconds (3600); use it as `authorization: <idToken>`.',
    responses: { 200: { description: 'A token pair', schema: ok(tokensRecord) } },
    errors: [429],
  }),
  op('POST /authentication/refresh-token', {
    tag: AUTH,
    auth: 'none',
    summary: 'Rotate a refresh token',
    description: 'A refresh token works once; reusing a retired one retires its whole token family (decision 009).',
    body: { schema: refreshBody },
    responses: { 200: { description: 'A new token pair', schema: ok(tokensRecord) } },
    errors: [401, 429],
  }),

  // Console session
  op('GET /session', {
    tag: SESSION,
    auth: 'token',
    summary: 'Who is calling',
    description: 'The signed-in person (null with an API key\'s token), the company, and the actor that history records name.',
    responses: { 200: { description: 'The session', schema: ok(sessionRecord) } },
  }),
  op('GET /session/setup', {
    tag: SESSION,
    auth: 'none',
    summary: 'Whether first-run setup is open',
    responses: { 200: { description: 'Setup status', schema: ok(setupStatus) } },
  }),
  op('POST /session/setup', {
    tag: SESSION,
    auth: 'console',
    summary: 'First run: create the company and its first administrator',
    description: 'Signs the new administrator in (session cookies). 409 once any company exists.',
    body: { schema: setup },
    responses: { 201: { description: 'Created and signed in', schema: ok(signedInRecord) } },
    errors: [409],
  }),
  op('POST /session/sign-in', {
    tag: SESSION,
    auth: 'console',
    summary: 'Sign in with email and password',
    description: 'Sets the session cookies. 401 alike for an unknown email and a wrong password; 429 after too many failures (decision 009).',
    body: { schema: signIn },
    responses: { 200: { description: 'Signed in', schema: ok(signedInRecord) } },
    errors: [429],
  }),
  op('POST /session/refresh', {
    tag: SESSION,
    auth: 'console',
    summary: 'Rotate the session cookies',
    responses: { 200: { description: 'New cookies set', schema: ok(sessionRefreshed) } },
    errors: [429],
  }),
  op('PUT /session/password', {
    tag: SESSION,
    auth: 'token',
    summary: 'Change your password',
    description:
      'Only a signed-in person (an API key\'s token: 403). A wrong `currentPassword` is a 400 naming it and counts as a failed credential (429 after too many, decision 009). Success ends every other session of the person; this one stays signed in (decision 018).',
    body: { schema: passwordChange },
    responses: { 200: { description: 'Changed', schema: ok(passwordChanged) } },
    errors: [403, 429],
  }),
  op('POST /session/sign-out', {
    tag: SESSION,
    auth: 'console',
    summary: 'Sign out',
    description: 'Retires the session\'s tokens and clears its cookies.',
    responses: { 200: { description: 'Signed out', schema: ok(signedOut) } },
  }),

  // API keys
  op('GET /api-keys', {
    tag: KEYS,
    auth: 'token',
    summary: "The company's API keys",
    description:
      'As `data.items`, newest first, never their secrets: `prefix` identifies a key. Each shows its `role`, `sectors`, `expiresAt` (null: never) and its last use: `lastUsedAt` and `lastUsedFrom` (the address), written at most once a minute per key (decision 083). Needs the admin role; a sector-limited admin sees only the keys limited to its sectors and to none outside them (decision 087).',
    responses: { 200: { description: 'API keys', schema: ok(apiKeyList) } },
    errors: [403],
  }),
  op('POST /api-keys', {
    tag: KEYS,
    auth: 'token',
    summary: 'Create an API key',
    description:
      'The secret (`apiKey`) is answered this once; only its hash is stored. It reads `aok_` + 32 base62 characters + a 6-character base62 CRC32 of those 32, so secret scanners can recognise it offline (decision 082). `role` is at most `admin` and at most the caller\'s own role (else 403 naming it); a sector-limited caller makes keys only within its `sectors` (403 otherwise, an unlimited key included). `expiresAt`: an ISO date in the future, absent or null for never.',
    body: { schema: apiKeyCreate },
    responses: { 201: { description: 'Created', schema: ok(createdApiKeyRecord) } },
    errors: [403],
  }),
  op('DELETE /api-keys/{id}', {
    tag: KEYS,
    auth: 'token',
    summary: 'Revoke an API key',
    description: 'Also retires every token issued for it. A key a sector-limited admin cannot see (decision 087) is a 404.',
    responses: { 200: { description: 'The revoked key', schema: ok(apiKeyRecord) } },
    errors: [403],
  }),
  op('POST /api-keys/{id}/roll', {
    tag: KEYS,
    auth: 'token',
    summary: 'Roll an API key',
    description:
      'Creates the replacement (same name, role, sectors and expiry; its secret `apiKey` answered this once) and ends the old key after `graceSeconds`: 0 revokes it now (its tokens with it), 3600 or 86400 set its `expiresAt` to now plus that (never later than it already was). `replaced` is the old key as it now is. A revoked or expired key cannot be rolled (409); a key a sector-limited admin cannot see is a 404 (decision 087). Decision 084.',
    body: { schema: apiKeyRoll },
    responses: { 201: { description: 'The replacement, and the old key', schema: ok(rolledApiKeyRecord) } },
    errors: [403, 409],
  }),

  // Members, invitations, password resets and the company (D11)
  op('GET /members', {
    tag: MEMBERS,
    auth: 'token',
    summary: "The company's members",
    description: 'Every member with its role, sectors (`[]` = the whole company) and last sign-in. A member\'s id is its user id.',
    responses: { 200: { description: 'Members', schema: ok(memberList) } },
  }),
  op('PUT /members/{id}', {
    tag: MEMBERS,
    auth: 'token',
    summary: "Change a member's role or sectors",
    description:
      'Admin or owner. Only an owner changes an owner or grants owner; a sector-limited caller acts only on members within its sectors and grants only those (403 naming the sector). The last owner cannot be demoted (409). A change retires the member\'s tokens: its next request is a 401.',
    body: { schema: memberUpdate },
    responses: { 200: { description: 'The member', schema: ok(memberRecord) } },
    errors: [403, 409],
  }),
  op('DELETE /members/{id}', {
    tag: MEMBERS,
    auth: 'token',
    summary: 'Remove a member',
    description: 'Same rules as a change; the last owner cannot be removed (409). Its tokens die with it. Answers the member as it was.',
    responses: { 200: { description: 'The removed member', schema: ok(memberRecord) } },
    errors: [403, 409],
  }),
  op('POST /members/{id}/reset-password', {
    tag: MEMBERS,
    auth: 'token',
    summary: 'Issue a password reset link for a member',
    description: 'A single-use link valid 72 hours (`url`, shown only here), for POST /session/reset-password. A new link replaces the member\'s previous one.',
    responses: { 201: { description: 'The link', schema: ok(resetLinkRecord) } },
    errors: [403],
  }),
  op('GET /invitations', {
    tag: MEMBERS,
    auth: 'token',
    summary: 'Pending invitations',
    description: 'Neither used, revoked nor expired; never their secrets.',
    responses: { 200: { description: 'Pending invitations', schema: ok(invitationList) } },
  }),
  op('POST /invitations', {
    tag: MEMBERS,
    auth: 'token',
    summary: 'Invite a person',
    description:
      '`url` holds a single-use secret (`?token=`), valid 72 hours, answered only here; it is built on `PUBLIC_URL` when set, else the request\'s origin. An email that is already a member anywhere in the instance is a 409. Only an owner invites an owner; a sector-limited admin invites only within its sectors (403).',
    body: { schema: invitationCreate },
    responses: { 201: { description: 'The invitation and its link', schema: ok(createdInvitationRecord) } },
    errors: [403, 409],
  }),
  op('DELETE /invitations/{id}', {
    tag: MEMBERS,
    auth: 'token',
    summary: 'Revoke an invitation',
    description: 'Its link stops working at once.',
    responses: { 200: { description: 'The revoked invitation', schema: ok(invitationRecord) } },
    errors: [403],
  }),
  op('POST /invitations/{id}/resend', {
    tag: MEMBERS,
    auth: 'token',
    summary: 'A new link for an invitation',
    description: 'A new secret valid 72 hours from now; the old link stops working.',
    responses: { 200: { description: 'The invitation and its new link', schema: ok(createdInvitationRecord) } },
    errors: [403, 409],
  }),
  op('POST /invitations/accept', {
    tag: MEMBERS,
    auth: 'console',
    summary: 'Accept an invitation',
    description: 'Creates the member and signs it in, answering exactly like POST /session/sign-in. A used, revoked or expired link is a 400 naming `token`, creates nothing and counts as a failed credential (429 after too many).',
    body: { schema: invitationAccept },
    responses: { 200: { description: 'Joined and signed in', schema: ok(signedInRecord) } },
    errors: [409, 429],
  }),
  op('POST /session/reset-password', {
    tag: SESSION,
    auth: 'console',
    summary: 'Set a new password from a reset link',
    description: 'Ends every session of the member and signs it in, answering exactly like POST /session/sign-in. A used, revoked or expired link is a 400 naming `token` and counts as a failed credential.',
    body: { schema: passwordReset },
    responses: { 200: { description: 'Password set and signed in', schema: ok(signedInRecord) } },
    errors: [429],
  }),
  op('PUT /session/profile', {
    tag: SESSION,
    auth: 'token',
    summary: 'Change your name or email',
    description: 'Only a signed-in person (an API key\'s token: 403). An email another member holds is a 409. Answers the session, as GET /session.',
    body: { schema: profileUpdate },
    responses: { 200: { description: 'The session', schema: ok(sessionRecord) } },
    errors: [403, 409],
  }),
  op('GET /company', {
    tag: MEMBERS,
    auth: 'token',
    summary: 'Your company',
    responses: { 200: { description: 'The company', schema: ok(companyRecord) } },
  }),
  op('PUT /company', {
    tag: MEMBERS,
    auth: 'token',
    summary: 'Rename your company',
    description: 'Owner only.',
    body: { schema: companyUpdate },
    responses: { 200: { description: 'The company', schema: ok(companyRecord) } },
    errors: [403],
  }),

  // Agents
  op('GET /agents', {
    tag: AGENTS,
    auth: 'token',
    summary: "List the company's agents",
    description: `Quirk kept from the spec: a **bare JSON array**, no envelope.${PAGED}`,
    query: listPageQuery,
    responses: { 200: { description: 'A bare array of agents', schema: list(agentRecord), headers: LINK } },
  }),
  op('POST /agents', {
    tag: AGENTS,
    auth: 'token',
    summary: 'Create an agent',
    description: 'Every field required. Booleans and numbers may be quoted strings; references are ids or `{ id }`; `can_delegate` is accepted for `can.delegate`.',
    body: { schema: agentInput },
    headers: [IDEMPOTENCY_KEY],
    responses: { 201: { description: 'Created', schema: ok(idRecord) } },
    errors: [409, 422],
  }),
  op('GET /agents/history', {
    tag: AGENTS,
    auth: 'token',
    summary: 'Every agent change of the company, newest first',
    description: 'Quirk kept from the spec: a **bare JSON array**, no envelope.',
    responses: { 200: { description: 'A bare array of history records', schema: list(agentHistoryRecord) } },
  }),
  op('GET /agents/{id}', {
    tag: AGENTS,
    auth: 'token',
    summary: 'Read an agent',
    description: 'The agent is wrapped: `data: { Agent: {...} }`.',
    responses: { 200: { description: 'The agent', schema: ok(z.object({ Agent: agentRecord })), headers: ETAG } },
  }),
  op('PUT /agents/{id}', {
    tag: AGENTS,
    auth: 'token',
    summary: 'Replace an agent',
    body: { schema: agentInput },
    headers: [IF_MATCH],
    responses: { 200: { description: 'The updated agent', schema: ok(agentRecord) } },
    errors: [409],
  }),
  op('DELETE /agents/{id}', {
    tag: AGENTS,
    auth: 'token',
    summary: 'Delete an agent',
    description: '409 while a squad uses it, naming the squads in `dependents`.',
    headers: [IF_MATCH],
    responses: { 200: { description: 'Deleted', schema: ok(idRecord) }, ...IN_USE('a squad') },
  }),
  op('PUT /agents/{id}/enable', {
    tag: AGENTS,
    auth: 'token',
    summary: 'Enable or disable an agent',
    body: { schema: enableBody },
    headers: [IF_MATCH],
    responses: { 200: { description: 'The new state', schema: ok(enabledRecord) } },
    errors: [409],
  }),

  // AI models
  op('GET /ai-models', {
    tag: MODELS,
    auth: 'token',
    summary: "List the company's AI models",
    description: `Quirk kept from the spec: \`status: "ok"\` in lower case. \`environment\` from a GET body or the query string; \`sector\` filters.${PAGED} \`limit\` and \`last\` are read from the query string only.`,
    query: environmentListQuery,
    body: AI_MODEL_GET_BODY,
    responses: { 200: { description: 'AI models (keys masked)', schema: okLower(list(aiModelRecord)), headers: LINK } },
    errors: [403],
  }),
  op('POST /ai-models', {
    tag: MODELS,
    auth: 'token',
    summary: 'Create an AI model',
    description: 'Quirk kept from the spec: the new id at the **top level**, `{ "status": "OK", "id": "…" }`, no `data`. Whether `apikey` is required or refused depends on the provider (GET /ai-models/providers).',
    body: { schema: aiModelCreateBody },
    headers: [IDEMPOTENCY_KEY],
    responses: { 201: { description: 'Created', schema: topLevelIdEnvelope } },
    errors: [403, 409, 422],
  }),
  op('GET /ai-models/history', {
    tag: MODELS,
    auth: 'token',
    summary: "The company's AI model changes, keyset-paged",
    description: '`status: "ok"` in lower case. Pass `next` back as `last` for the following page, with the same `field` and `direction`.',
    query: historyQuery,
    body: AI_MODEL_GET_BODY,
    responses: { 200: { description: 'One page', schema: okLower(aiModelHistoryPage) } },
    errors: [403],
  }),
  op('GET /ai-models/providers', {
    tag: MODELS,
    auth: 'token',
    summary: 'The providers and their apikey rule',
    description: '`status: "ok"` in lower case.',
    responses: { 200: { description: 'Providers', schema: okLower(list(providerRecord)) } },
  }),
  op('GET /ai-models/{id}', {
    tag: MODELS,
    auth: 'token',
    summary: 'Read an AI model',
    description: '`status: "ok"` in lower case; the provider key masked.',
    query: environmentSchema,
    body: AI_MODEL_GET_BODY,
    responses: { 200: { description: 'The model', schema: okLower(aiModelRecord), headers: ETAG } },
    errors: [403],
  }),
  op('PUT /ai-models/{id}', {
    tag: MODELS,
    auth: 'token',
    summary: 'Update an AI model (partial)',
    description: 'An absent `apikey` keeps the stored key, `null` removes it.',
    body: { schema: aiModelUpdateBody },
    headers: [IF_MATCH],
    responses: { 200: { description: 'The updated model', schema: ok(aiModelRecord) } },
    errors: [403, 409],
  }),
  op('DELETE /ai-models/{id}', {
    tag: MODELS,
    auth: 'token',
    summary: 'Delete an AI model',
    description: '409 while an agent uses it, naming the agents in `dependents`. `environment` from the query string only.',
    query: environmentSchema,
    headers: [IF_MATCH],
    responses: { 200: { description: 'Deleted', schema: ok(idRecord) }, ...IN_USE('an agent') },
    errors: [403],
  }),
  op('GET /ai-models/{id}/history', {
    tag: MODELS,
    auth: 'token',
    summary: "One AI model's changes, keyset-paged",
    description: '`status: "ok"` in lower case; paged like GET /ai-models/history.',
    query: historyQuery,
    body: AI_MODEL_GET_BODY,
    responses: { 200: { description: 'One page', schema: okLower(aiModelHistoryPage) } },
    errors: [403],
  }),

  // The kinds on the shared routes (tools, knowledge bases), then their own routes
  ...KINDS.filter((k) => !(k as KindDef).ownRoutes).flatMap(sharedKindOperations),
  op('GET /tools/availables', {
    tag: TOOLS,
    auth: 'token',
    summary: 'The catalogue of pre-available tool types',
    responses: { 200: { description: 'Tool types', schema: ok(list(availableToolType)) } },
  }),
  op('GET /knowledge-bases/{id}/file', {
    tag: KBS,
    auth: 'token',
    summary: 'Download the file of a file knowledge base',
    description: 'The bytes last uploaded with PUT /knowledge-bases/{id}/file, streamed from the file store (local disk or S3, D13). 404 when the base has no file yet.',
    responses: {
      200: {
        description: 'The file',
        file: 'The type follows the file name\'s extension (e.g. `application/pdf`, `text/plain; charset=utf-8`), else `application/octet-stream`.',
        headers: {
          'content-disposition': '`attachment; filename="…"` with the name it was uploaded under (an ASCII fallback), plus `filename*=UTF-8\'\'…` (RFC 5987) when the name is not plain ASCII.',
        },
      },
    },
  }),
  op('PUT /knowledge-bases/{id}/file', {
    tag: KBS,
    auth: 'token',
    summary: 'Upload the file of a file knowledge base',
    upload: { field: 'file', description: 'The file (at most 20 MiB)' },
    responses: { 200: { description: 'The updated knowledge base', schema: ok(knowledgeBaseRecord) } },
    errors: [400, 409, 413, 415],
  }),

  // Squads
  op('GET /squads', {
    tag: SQUADS,
    auth: 'token',
    summary: "List the company's squads",
    description: PAGED.trim(),
    query: listPageQuery,
    responses: { 200: { description: 'Squads', schema: ok(list(squadRecord)), headers: LINK } },
  }),
  op('POST /squads', {
    tag: SQUADS,
    auth: 'token',
    summary: 'Create a squad',
    description: 'Task graph rules: unique task ids, known dependencies, no self-dependency, no cycle.',
    body: { schema: squadInput },
    headers: [IDEMPOTENCY_KEY],
    responses: { 201: { description: 'Created', schema: ok(idRecord) } },
    errors: [409, 422],
  }),
  op('GET /squads/history', {
    tag: SQUADS,
    auth: 'token',
    summary: 'Every squad change of the company, newest first',
    query: squadHistoryQuery,
    responses: { 200: { description: 'History records', schema: ok(list(squadHistoryRecord)) } },
  }),
  op('GET /squads/{id}', {
    tag: SQUADS,
    auth: 'token',
    summary: 'Read a squad',
    responses: { 200: { description: 'The squad', schema: ok(squadRecord), headers: ETAG } },
  }),
  op('PUT /squads/{id}', {
    tag: SQUADS,
    auth: 'token',
    summary: 'Replace a squad',
    description: 'With If-Match, a stale version is refused with 409. A refused change of an existing squad is recorded in its history.',
    body: { schema: squadInput },
    headers: [{ name: 'if-match', description: 'The version read (ETag), e.g. `"3"`; `*` or absent writes unconditionally.' }],
    responses: { 200: { description: 'The updated squad', schema: ok(squadRecord), headers: ETAG } },
    errors: [409],
  }),
  op('DELETE /squads/{id}', {
    tag: SQUADS,
    auth: 'token',
    summary: 'Delete a squad',
    headers: [IF_MATCH],
    responses: { 200: { description: 'Deleted', schema: ok(idRecord) } },
  }),
  op('GET /squads/{id}/bundle', {
    tag: SQUADS,
    auth: 'token',
    summary: 'Export a squad as a bundle',
    description:
      'The squad with its agents, their tools, knowledge bases and AI models, as one document (decision 014). Resources refer to each other by local `ref`s, never ids; no provider key travels, nor the files of `file` knowledge bases. POST it to /bundles/import (in `bundle`) to copy the squad into a company.',
    responses: { 200: { description: 'The bundle document', schema: ok(bundleDocument) } },
  }),
  op('PUT /squads/{id}/enable', {
    tag: SQUADS,
    auth: 'token',
    summary: 'Enable or disable a squad',
    body: { schema: enableBody },
    headers: [IF_MATCH],
    responses: { 200: { description: 'The new state', schema: ok(enabledRecord) } },
    errors: [409],
  }),
  ...KINDS.flatMap(kindOperations),

  // Bundles
  op('POST /bundles/import', {
    tag: BUNDLES,
    auth: 'token',
    summary: 'Import a bundle (preview or apply)',
    description:
      '`{ bundle, dryRun, apikeys }`. `dryRun` absent or true: a preview (200), nothing changes; each resource is `create`d or `match`ed (an existing one of the same kind and name, reused as it is); the squad is always created. `dryRun: false` applies the plan in one transaction (201) with every id and the new `squad` (409 if resources it matches by name keep changing while it is prepared). Models created with a provider that requires a key need `apikeys[ref]` (else 400 naming `apikeys.<ref>`, nothing created). Bad bundles are 400s whose `errors[].path` starts with `bundle.`.',
    body: { schema: bundleImportBody },
    headers: [IDEMPOTENCY_KEY],
    responses: {
      200: { description: 'The preview (dry run)', schema: ok(bundlePlan) },
      201: { description: 'Applied: the plan with the ids created, and the new squad', schema: ok(bundlePlan) },
    },
    errors: [409, 422],
  }),

  // Activity (D12)
  op('GET /activity', {
    tag: ACTIVITY,
    auth: 'token',
    summary: 'Who did what: resource changes and security events, newest first',
    description:
      'Admin and owner only. One page of `{ items, next }`; pass `next` back as `last` (`""` on the last page). Pages never repeat or skip an event while others are written. Filters combine; `from` is inclusive, `to` exclusive; an unknown `kind` or `action` is a 400. Optional item fields are left out when the event has none. A sector-limited caller sees the events of resources sharing one of its sectors, and the security events it made itself. `format=csv` (columns ' +
      ACTIVITY_CSV_COLUMNS.join(', ') +
      "; a cell starting with = + - @ is prefixed with ') or `format=jsonl` streams every matching event (no paging).",
    query: activityQuery,
    responses: {
      200: {
        description: 'One page; or, with `format`, every matching event',
        schema: ok(activityPageRecord),
        media: { 'text/csv': 'format=csv: a header line, then one line per event', 'application/x-ndjson': 'format=jsonl: one item per line' },
      },
    },
    errors: [403],
  }),
  op('GET /activity/settings', {
    tag: ACTIVITY,
    auth: 'token',
    summary: "The activity's retention",
    responses: { 200: { description: 'Days events are kept (null: for ever)', schema: ok(activitySettingsRecord) } },
    errors: [403],
  }),
  op('PUT /activity/settings', {
    tag: ACTIVITY,
    auth: 'token',
    summary: "Set the activity's retention",
    description: '`retentionDays` 1–3650, or null to keep events for ever. Older events are removed at once, then daily. Admin and owner, not limited to sectors.',
    body: { schema: activitySettingsBody },
    responses: { 200: { description: 'The new setting', schema: ok(activitySettingsRecord) } },
    errors: [403],
  }),
];
