// Credentials: refresh, API key management, sign-in, first-run setup and password change.
import { z } from 'zod';
import { text } from './common';

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
export type SetupStatus = { needsSetup: boolean };

/** GET /session — who is calling: the signed-in person (or, with a token, the API key) and the company. */
export type SessionRecord = {
  user: { id: string; name: string; email: string } | null;
  company: { id: string; name: string };
  actor: { kind: 'user' | 'apiKey'; id: string; name: string };
};

export type ApiKeyRecord = {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** PUT /session/password — the answer: how many other sessions (token families) were ended. */
export type PasswordChanged = { passwordChanged: true; otherSessionsEnded: number };

/** POST /api-keys — the record plus the secret, shown this once. */
export type CreatedApiKeyRecord = ApiKeyRecord & { apiKey: string };
