'use client';
// Settings → Profile (D11): the signed-in person's own name and email (PUT /session/profile),
// and for owners the company's name (PUT /company). The password is changed in Settings.
import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/client/toast';
import { Button } from '@/components/ui/Button';
import { Field, withValue } from '@/components/ui/form';
import { PageHeader } from '@/components/ui/PageHeader';
import { RefusedButton } from '@/components/ui/Refused';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { useCan } from '@/lib/client/access';
import { applyServerErrors } from '@/lib/client/form-errors';
import { useRenameCompany, useUpdateProfile } from '@/lib/client/members';
import { useSession } from '@/lib/client/session';
import { companyUpdate } from '@/lib/schemas/company';
import { profileUpdate } from '@/lib/schemas/members';
import type { SessionRecord } from '@/lib/schemas/auth';
import { SubmitRow } from '@/components/ui/form/SubmitRow';
import { LiveForm } from '@/components/ui/form/LiveForm';

export function Profile() {
  const session = useSession();
  return (
    <div className="page page-narrow">
      <PageHeader title="Profile" description="Your name and email, and your company’s name." back={{ href: '/settings', label: 'Settings' }} />
      {session.isPending ? (
        <LoadingState label="Loading your profile…" rows={2} />
      ) : session.isError ? (
        <ErrorState error={session.error} onRetry={() => session.refetch()} title="Could not load your profile" />
      ) : session.data.user ? (
        <ProfileCard key={`${session.data.user.name}\n${session.data.user.email}`} me={session.data} />
      ) : (
        <p className="callout">An API key has no profile.</p>
      )}
      {session.data && <CompanyCard key={session.data.company.name} name={session.data.company.name} />}
    </div>
  );
}

const PROFILE_FIELDS = ['name', 'email'] as const;

function ProfileCard({ me }: { me: SessionRecord }) {
  const update = useUpdateProfile();
  const form = useForm({ resolver: zodResolver(profileUpdate), defaultValues: { name: me.user!.name, email: me.user!.email } });
  const { errors, isDirty } = form.formState;
  const submit = form.handleSubmit((input) =>
    update.mutate(input, {
      onSuccess: () => toast.success('Profile saved'),
      onError: (error) => applyServerErrors(error, form.setError, { fields: PROFILE_FIELDS, action: 'Could not save your profile' }),
    }),
  );
  return (
    <section className="card stack" aria-labelledby="profile">
      <h2 id="profile">You</h2>
      <LiveForm onSubmit={submit} aria-label="Your profile">
        <Field id="name" label="Name" error={errors.name?.message} required hint="History and activity name you with it.">
          {(aria) => <input {...aria} className="input" autoComplete="name" {...withValue(form, 'name')} />}
        </Field>
        <Field id="email" label="Email" error={errors.email?.message} required hint="You sign in with it.">
          {(aria) => <input {...aria} className="input" type="email" autoComplete="email" {...withValue(form, 'email')} />}
        </Field>
        <p className="small muted">
          Your role: <strong>{me.role}</strong>
          {me.sectors.length ? `, limited to ${me.sectors.join(', ')}` : ''}. To change your password, go to <Link href="/settings#password">Settings → Password</Link>.
        </p>
        <SubmitRow label="Save profile" pending={update.isPending} disabled={!isDirty} />
      </LiveForm>
    </section>
  );
}

function CompanyCard({ name }: { name: string }) {
  const can = useCan('owner', 'rename the company');
  const rename = useRenameCompany();
  const form = useForm({ resolver: zodResolver(companyUpdate), defaultValues: { name } });
  const { errors, isDirty } = form.formState;
  const submit = form.handleSubmit((input) =>
    rename.mutate(input, {
      onSuccess: (c) => toast.success(`The company is now “${c.name}”`),
      onError: (error) => applyServerErrors(error, form.setError, { fields: ['name'], action: 'Could not rename the company' }),
    }),
  );
  return (
    <section className="card stack" aria-labelledby="company-name">
      <h2 id="company-name">Company</h2>
      <LiveForm onSubmit={submit} aria-label="Company name">
        <Field id="company" label="Company name" error={errors.name?.message} required>
          {(aria) => <input {...aria} className="input" readOnly={!can.allowed} {...withValue(form, 'name')} />}
        </Field>
        <div className="form-actions">
          {can.allowed ? (
            <Button type="submit" variant="primary" pending={rename.isPending} disabled={!isDirty}>
              Rename company
            </Button>
          ) : (
            <RefusedButton reason={can.reason}>Rename company</RefusedButton>
          )}
        </div>
      </LiveForm>
    </section>
  );
}
