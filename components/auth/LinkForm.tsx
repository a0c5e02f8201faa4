'use client';
// The form at an invitation link (/accept: name and password) or a password reset link
// (/reset-password: a new password), both typed twice. The token comes from the link. On
// success the person is signed in (the answer sets the session cookies, as sign-in does) and
// lands on the home page; a link that is unknown, used, revoked or expired says so.
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/client/toast';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/form/Field';
import { PasswordField } from '@/components/ui/form/PasswordField';
import { ApiClientError } from '@/lib/client/api-error';
import { applyServerErrors } from '@/lib/client/form-errors';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import { acceptInvitation, preloadSignIn, resetPassword } from '@/lib/client/sign-in';
import type { AcceptFormValues } from '@/lib/schemas/link-forms';
import { LiveForm } from '@/components/ui/form/LiveForm';

type Kind = 'invite' | 'reset';

/** lib/schemas/link-forms, loaded after the page (lib/client/lazy-resolver says why). */
const resolvers = {
  invite: lazyZodResolver<AcceptFormValues>(() => import('@/lib/schemas/link-forms').then((m) => m.acceptForm)),
  reset: lazyZodResolver<AcceptFormValues>(() => import('@/lib/schemas/link-forms').then((m) => m.resetForm)),
};

const FIELDS = ['name', 'password', 'confirmPassword'] as const;

const DEAD_LINK: Record<Kind, string> = {
  invite: 'This invitation link cannot be used: it was already used, revoked, or it has expired. Ask whoever invited you for a new one.',
  reset: 'This password reset link cannot be used: it was already used, revoked, or it has expired. Ask an admin or owner of your company for a new one.',
};

/** The server's refusal of the token itself (400 naming `token`). */
const refusesToken = (error: unknown) => error instanceof ApiClientError && error.status === 400 && error.errors.some((e) => e.path === 'token');

export function LinkForm({ kind, token }: { kind: Kind; token: string }) {
  const router = useRouter();
  const resolver = resolvers[kind];
  const form = useForm<AcceptFormValues>({ resolver, defaultValues: { name: '', password: '', confirmPassword: '' } });
  const [dead, setDead] = useState(false);
  useEffect(() => {
    resolver.preload();
    preloadSignIn();
  }, [resolver]);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _confirm, name, password }) => {
    try {
      const session = kind === 'invite' ? await acceptInvitation({ token, name, password }) : await resetPassword({ token, password });
      const who = session.user?.name ?? session.actor.name;
      toast.success(kind === 'invite' ? `Welcome to ${session.company.name}, ${who}` : `Password changed. Welcome back, ${who}`);
      router.replace('/');
    } catch (error) {
      if (refusesToken(error)) {
        setDead(true);
        toast.error(kind === 'invite' ? 'This invitation link cannot be used' : 'This reset link cannot be used');
        return;
      }
      if (error instanceof ApiClientError && error.status === 429) {
        form.setError('root.server', { message: error.message });
        toast.error(error.message);
        return;
      }
      applyServerErrors(error, form.setError, { fields: FIELDS, action: kind === 'invite' ? 'Could not accept the invitation' : 'Could not change the password' });
    }
  });
  const pending = form.formState.isSubmitting;

  if (dead) {
    return (
      <div className="stack">
        <p className="form-alert" role="alert" data-testid="dead-link">
          {DEAD_LINK[kind]}
        </p>
        {/* A plain link (a full page load), as the setup page's. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- the rule takes /sign-in for app/(console)/[kind] */}
        <a className="btn" href="/sign-in">
          Go to sign in
        </a>
      </div>
    );
  }

  return (
    <LiveForm onSubmit={onSubmit} alert={errors.root?.server?.message}>
      {kind === 'invite' && (
        <Field id="name" label="Your name" error={errors.name?.message} required>
          {(aria) => (
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the page holds this form only: starting in its first field skips nothing
            <input {...aria} className="input" autoComplete="name" autoFocus {...form.register('name')} />
          )}
        </Field>
      )}
      <PasswordField id="password" label={kind === 'invite' ? 'Password' : 'New password'} error={errors.password?.message} hint="At least 10 characters." field={form.register('password')} />
      <PasswordField id="confirmPassword" label="Confirm password" error={errors.confirmPassword?.message} field={form.register('confirmPassword')} />
      <Button type="submit" variant="primary" pending={pending}>
        {pending ? 'Signing in…' : kind === 'invite' ? 'Join and sign in' : 'Set password and sign in'}
      </Button>
    </LiveForm>
  );
}
