// Credentials: refresh, API key management, sign-in, first-run setup and password change.
import { z } from 'zod';
import { ROLES } from '../kinds';
import { dateTime, text } from './common';

export const refreshBody = z.object({ refreshToken: text(500) });

export const apiKeyCreate = z.object({ name: text(100) });

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
  prefix: z.string(),
  createdAt: dateTime,
  lastUsedAt: dateTime.nullable(),
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
