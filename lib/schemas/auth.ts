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

export type ApiKeyRecord = {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};
