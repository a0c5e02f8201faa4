'use client';
// First run: the company and its first owner (the API's setup schema, plus a password
// confirmation). On success the person is signed in and lands on the agents.
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/client/toast';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/form/Field';
import { PasswordField } from '@/components/ui/form/PasswordField';
import { ApiClientError } from '@/lib/client/api-error';
import { applyServerErrors } from '@/lib/client/form-errors';
import { preloadSignIn, setUp } from '@/lib/client/sign-in';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import type { SetupInput } from '@/lib/schemas/auth';
import { LiveForm } from '@/components/ui/form/LiveForm';

type SetupFormValues = SetupInput & { confirmPassword: string };

/** lib/schemas/auth's setupConfirmed (setup and the password again), loaded after the page (lib/client/lazy-resolver says why). */
const resolver = lazyZodResolver<SetupFormValues>(() => import('@/lib/schemas/auth').then((m) => m.setupConfirmed));

const FIELDS = ['company', 'name', 'email', 'password', 'confirmPassword'] as const;

export function SetupForm() {
  const router = useRouter();
  const form = useForm<SetupFormValues>({
    resolver,
    defaultValues: { company: '', name: '', email: '', password: '', confirmPassword: '' },
  });
  useEffect(() => {
    resolver.preload();
    preloadSignIn();
  }, []);
  const { errors } = form.formState;
  const [alreadySetUp, setAlreadySetUp] = useState(false);

  // No react-query here (decision 028): the request is awaited in the submit handler, and
  // react-hook-form's isSubmitting is the pending state.
  const onSubmit = form.handleSubmit(async ({ confirmPassword: _confirm, ...input }) => {
    try {
      const session = await setUp(input);
      toast.success(`${session.company.name} is ready. Welcome, ${session.user?.name}!`);
      router.replace('/');
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 409) setAlreadySetUp(true);
      else applyServerErrors(error, form.setError, { fields: FIELDS, action: 'Could not set up the console' });
    }
  });
  const pending = form.formState.isSubmitting;

  // The card around it (AuthCard) is the page's, rendered on the server.
  return alreadySetUp ? (
    <div className="stack">
      <p className="form-alert" role="alert">
        This console has already been set up.
      </p>
      {/* A plain link (a full page load): next/link would add the client router's link code to this page's first load for a rare case (decision 028). */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- the rule takes /sign-in for app/(console)/[kind] */}
      <a className="btn btn-primary" href="/sign-in">
        Go to sign in
      </a>
    </div>
  ) : (
    <LiveForm onSubmit={onSubmit}>
      <Field id="company" label="Company name" error={errors.company?.message} required>
        {(aria) => (
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the page holds this form only: starting in its first field skips nothing
          <input {...aria} className="input" autoComplete="organization" autoFocus {...form.register('company')} />
        )}
      </Field>
      <Field id="name" label="Your name" error={errors.name?.message} required hint="History records name you as the person responsible for your changes.">
        {(aria) => <input {...aria} className="input" autoComplete="name" {...form.register('name')} />}
      </Field>
      <Field id="email" label="Email" error={errors.email?.message} required>
        {(aria) => <input {...aria} className="input" type="email" autoComplete="email" {...form.register('email')} />}
      </Field>
      <PasswordField id="password" label="Password" error={errors.password?.message} hint="At least 10 characters." field={form.register('password')} />
      <PasswordField id="confirmPassword" label="Confirm password" error={errors.confirmPassword?.message} field={form.register('confirmPassword')} />
      <Button type="submit" variant="primary" pending={pending}>
        {pending ? 'Setting up…' : 'Create company and sign in'}
      </Button>
    </LiveForm>
  );
}
