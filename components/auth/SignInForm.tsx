'use client';
// Sign-in: email and password (the API's signIn schema). Wrong credentials get one message,
// whichever of the two was wrong.
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/client/toast';
import { Field } from '@/components/ui/form/Field';
import { PasswordField } from '@/components/ui/form/PasswordField';
import { Button } from '@/components/ui/Button';
import { ApiClientError } from '@/lib/client/api-error';
import { applyServerErrors } from '@/lib/client/form-errors';
import { preloadSignIn, signIn } from '@/lib/client/sign-in';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import type { SignInInput } from '@/lib/schemas/auth';
import { LiveForm } from '@/components/ui/form/LiveForm';

const FIELDS = ['email', 'password'] as const;

/** lib/schemas/auth's signIn, loaded after the page (./lazy-resolver says why). */
const resolver = lazyZodResolver<SignInInput>(() => import('@/lib/schemas/auth').then((m) => m.signIn));

export function SignInForm({ next, signedOut, ended = false }: { next: string; signedOut: boolean; ended?: boolean }) {
  const router = useRouter();
  const form = useForm<SignInInput>({ resolver, defaultValues: { email: '', password: '' } });
  useEffect(() => {
    resolver.preload();
    preloadSignIn();
  }, []);
  const { errors } = form.formState;

  // No react-query here (decision 028): the request is awaited in the submit handler, and
  // react-hook-form's isSubmitting is the pending state.
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const session = await signIn(values);
      toast.success(`Welcome back, ${session.user?.name ?? session.actor.name}`);
      router.replace(next);
    } catch (error) {
      if (error instanceof ApiClientError && (error.status === 401 || error.status === 429)) {
        const message = error.status === 401 ? 'Wrong email or password' : error.message;
        form.setError('root.server', { message });
        form.setFocus('password');
        toast.error(message);
        return;
      }
      applyServerErrors(error, form.setError, { fields: FIELDS, action: 'Could not sign in' });
    }
  });
  const pending = form.formState.isSubmitting;

  // LiveForm: no input before the page is live, and never the password in the address.
  // The card around the form (AuthCard) is the page's, rendered on the server.
  return (
    <LiveForm onSubmit={onSubmit}>
      {signedOut && !errors.root?.server && (
        <p className="form-notice" role="status">
          You are signed out.
        </p>
      )}
      {ended && !errors.root?.server && (
        <p className="form-notice" role="status">
          Your session has ended: your access may have changed, or you were signed out elsewhere. Sign in again to continue.
        </p>
      )}
      {errors.root?.server && (
        <p className="form-alert" role="alert">
          {errors.root.server.message}
        </p>
      )}
      <Field id="email" label="Email" error={errors.email?.message} required>
        {(aria) => (
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the page holds this form only: starting in its first field skips nothing
            <input {...aria} className="input" type="email" autoComplete="email" autoFocus {...form.register('email')} />
          )}
      </Field>
      <PasswordField id="password" label="Password" error={errors.password?.message} current field={form.register('password')} />
      <Button type="submit" variant="primary" pending={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </Button>
    </LiveForm>
  );
}
