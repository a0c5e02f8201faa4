// Credentials: refresh, API key management, sign-in, first-run setup and password change.
import { z } from 'zod';
import { ROLES } from '../kinds/access';
import { dateTime, sectors, text } from './common';

export const refreshBody = z.object({ refreshToken: text(500) });

/** An ISO 8601 date (`2027-01-31`) or date-time with its offset (`2027-01-31T12:00:00Z`). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
const isoDate = z
  .string()
  .trim()
  .refine((v) => ISO_DATE.test(v) && !Number.isNaN(Date.parse(v)), { message: 'must be an ISO 8601 date, e.g. 2027-01-31 or 2027-01-31T12:00:00Z', abort: true });

/** The roles an API key may carry (D11: at most admin, and at most its creator's). */
export const API_KEY_ROLES = ['viewer', 'editor', 'admin'] as const;

/**
 * POST /api-keys. `role` takes every role so that one above admin, or above the creator's, is the
 * 403 D11 asks for (naming it) rather than a 400; `expiresAt` absent (or null) = never.
 */
export const apiKeyCreate = z.object({
  name: text(100),
  role: z.enum(ROLES, { error: (issue) => (issue.input === undefined ? 'is required' : `must be one of ${API_KEY_ROLES.join(', ')}`) }),
  sectors: sectors.optional(),
  expiresAt: isoDate.refine((v) => Date.parse(v) > Date.now(), 'must be in the future').nullish(),
});

/** The grace periods of a roll: the old key stops at once, in an hour or in a day. */
export const ROLL_GRACE_SECONDS = [0, 3600, 86400] as const;

/** POST /api-keys/{id}/roll. */
export const apiKeyRoll = z.object({
  graceSeconds: z.literal(ROLL_GRACE_SECONDS, { error: (issue) => (issue.input === undefined ? 'is required' : `must be one of ${ROLL_GRACE_SECONDS.join(', ')}`) }),
});

export const email = z.string().trim().toLowerCase().pipe(z.email('must be an email address'));
export const password = z.string().min(10, 'must have at least 10 characters').max(200, 'must be at most 200 characters');

export const signIn = z.object({ email, password: z.string().min(1, 'is required') });

export const setup = z.object({
  company: text(200),
  name: text(200),
  email,
  password,
});

/** A form's rule: the password typed again matches (setup, accepting an invitation, a password reset). */
export const confirmsPassword = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
export const CONFIRM_MISMATCH = { path: ['confirmPassword'], message: 'does not match the password' };

/** The setup form: setup's fields and the password typed again (the API takes setup itself). */
export const setupConfirmed = setup.extend({ confirmPassword: z.string() }).refine(confirmsPassword, CONFIRM_MISMATCH);
/** PUT /session/password — a signed-in person changes their password (decision 018). */
export const passwordChangeFields = z.object({
  currentPassword: z.string().min(1, 'is required').max(200, 'must be at most 200 characters'),
  newPassword: password,
});
/** The rule across the fields, for the form's schema (which adds a confirmation) to reuse. */
export const newPasswordDiffers = (v: { currentPassword: string; newPassword: string }) => v.newPassword !== v.currentPassword;
export const NEW_PASSWORD_SAME = { path: ['newPassword'], message: 'must differ from the current password' };
export const passwordChange = passwordChangeFields.refine(newPasswordDiffers, NEW_PASSWORD_SAME);

export type SignInInput = z.output<typeof signIn>;
export type SetupInput = z.output<typeof setup>;
export type PasswordChangeInput = z.output<typeof passwordChange>;
export type ApiKeyCreateInput = z.output<typeof apiKeyCreate>;

/** GET /session/setup — whether the first-run setup is still open (no company exists). */
export const setupStatus = z.object({ needsSetup: z.boolean() });

/** GET /session — who is calling: the signed-in person (or, with a token, the API key) and the company. */
export const sessionRecord = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  company: z.object({ id: z.string(), name: z.string() }),
  actor: z.object({ kind: z.enum(['user', 'apiKey']), id: z.string(), name: z.string() }),
  role: z.enum(ROLES).describe("The caller's role (D11): the person's, or the API key's"),
  sectors: z.array(z.string()).describe('The sectors the caller is limited to; empty = the whole company (D11)'),
});
export type SessionRecord = z.output<typeof sessionRecord>;

/** POST /session/sign-in and /session/setup: the session plus the access cookie's lifetime. */
export const signedInRecord = sessionRecord.extend({ expiresIn: z.number().int() });

/** POST /session/refresh. */
export const sessionRefreshed = z.object({ expiresIn: z.number().int() });

/** POST /session/sign-out. */
export const signedOut = z.object({ signedOut: z.literal(true) });

/** An access/refresh pair (GET /authentication/generate-access-token, POST /authentication/refresh-token). */
export const tokensRecord = z.object({
  idToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int().describe('Seconds the idToken lasts'),
  userId: z.string().nullable(),
});
export type TokensRecord = z.output<typeof tokensRecord>;

export const apiKeyRecord = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe('The first characters of the key, to tell keys apart'),
  role: z.enum(API_KEY_ROLES),
  sectors: z.array(z.string()).describe('The sectors the key is limited to; empty: the whole company'),
  expiresAt: dateTime.nullable().describe('When the key stops working; null: never'),
  createdAt: dateTime,
  lastUsedAt: dateTime.nullable().describe('Written at most once a minute per key'),
  lastUsedFrom: z.string().nullable().describe('The address of that use'),
  revokedAt: dateTime.nullable(),
});
export type ApiKeyRecord = z.output<typeof apiKeyRecord>;

/** PUT /session/password — the answer: how many other sessions (token families) were ended. */
export const passwordChanged = z.object({
  passwordChanged: z.literal(true),
  otherSessionsEnded: z.number().int().describe("How many of the person's other sessions were ended"),
});
export type PasswordChanged = z.output<typeof passwordChanged>;

/** POST /api-keys — the record plus the secret, shown this once. */
export const createdApiKeyRecord = apiKeyRecord.extend({ apiKey: z.string() });
export type CreatedApiKeyRecord = z.output<typeof createdApiKeyRecord>;

/** GET /api-keys. */
export const apiKeyList = z.object({ items: z.array(apiKeyRecord) });
export type ApiKeyList = z.output<typeof apiKeyList>;

/** POST /api-keys/{id}/roll — the replacement with its secret (shown this once), and the old key as it now is. */
export const rolledApiKeyRecord = createdApiKeyRecord.extend({ replaced: apiKeyRecord });
export type RolledApiKeyRecord = z.output<typeof rolledApiKeyRecord>;
