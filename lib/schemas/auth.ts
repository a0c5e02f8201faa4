// Credentials: refresh, API key management, sign-in and first-run setup.
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

/** The setup form: setup's fields and the password typed again (the API takes setup itself). */
export const setupConfirmed = setup
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'does not match the password' });

export type SignInInput = z.output<typeof signIn>;
export type SetupInput = z.output<typeof setup>;
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

/** POST /api-keys — the record plus the secret, shown this once. */
export type CreatedApiKeyRecord = ApiKeyRecord & { apiKey: string };
