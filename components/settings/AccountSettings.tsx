'use client';
// Settings → General: the company id (for API examples), the theme, and the signed-in person's
// password (the API's passwordChange schema plus a confirmation). Changing the password ends
// every other session of the person; this one stays signed in (decision 018).
import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/client/toast';
import { z } from 'zod';
import { CompanyId } from '@/components/console/CompanyId';
import { ThemeSwitch } from '@/components/console/ThemeSwitch';
import { PasswordField } from '@/components/ui/form/PasswordField';
import { PageHeader } from '@/components/ui/PageHeader';
import { ApiClientError } from '@/lib/client/api';
import { applyServerErrors } from '@/lib/client/form-errors';
import { useCan } from '@/lib/client/access';
import { useChangePassword, useSession } from '@/lib/client/session';
import { NEW_PASSWORD_SAME, newPasswordDiffers, passwordChangeFields } from '@/lib/schemas/auth';
import { SubmitRow } from '@/components/ui/form/SubmitRow';
import { LiveForm } from '@/components/ui/form/LiveForm';

const passwordForm = passwordChangeFields
  .extend({ confirmPassword: z.string() })
  .refine(newPasswordDiffers, NEW_PASSWORD_SAME)
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'does not match the new password' });

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

export function AccountSettings() {
  const session = useSession();
  const keys = useCan('admin', 'manage API keys');
  return (
    <div className="page page-narrow">
      <PageHeader
        title="Settings"
        description="Your company, how the console looks, and your password."
        actions={
          <span className="row" style={{ gap: 16 }}>
            <Link href="/settings/profile">Profile →</Link>
            <Link href="/settings/members">Members →</Link>
            {keys.allowed && <Link href="/settings/api-keys">API keys →</Link>}
          </span>
        }
      />
      <section className="card stack" aria-labelledby="company">
        <h2 id="company">Company</h2>
        <CompanyId />
      </section>
      <section className="card stack" aria-labelledby="appearance">
        <h2 id="appearance">Appearance</h2>
        <ThemeSwitch />
      </section>
      {session.data && !session.data.user ? null : <PasswordCard />}
    </div>
  );
}

function PasswordCard() {
  const change = useChangePassword();
  const form = useForm({ resolver: zodResolver(passwordForm), defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ confirmPassword: _confirm, ...input }) =>
    change.mutate(input, {
      onSuccess: (result) => {
        form.reset();
        const others = result.otherSessionsEnded;
        toast.success(others ? `Password changed. ${others === 1 ? 'Your other session was' : `Your ${others} other sessions were`} signed out.` : 'Password changed');
      },
      onError: (error) => {
        if (error instanceof ApiClientError && error.status === 429) {
          form.setError('root.server', { message: error.message });
          toast.error(error.message);
          return;
        }
        applyServerErrors(error, form.setError, { fields: FIELDS, action: 'Could not change the password' });
        if (form.formState.errors.currentPassword) form.setFocus('currentPassword');
      },
    }),
  );
  return (
    <section className="card stack" aria-labelledby="password">
      <h2 id="password">Password</h2>
      <LiveForm onSubmit={submit} alert={errors.root?.server?.message}>
        <PasswordField id="currentPassword" label="Current password" error={errors.currentPassword?.message} current field={form.register('currentPassword')} />
        <PasswordField id="newPassword" label="New password" error={errors.newPassword?.message} hint="At least 10 characters. Your other sessions are signed out; this one stays." field={form.register('newPassword')} />
        <PasswordField id="confirmPassword" label="Confirm new password" error={errors.confirmPassword?.message} field={form.register('confirmPassword')} />
        <SubmitRow label="Change password" pending={change.isPending} />
      </LiveForm>
    </section>
  );
}
