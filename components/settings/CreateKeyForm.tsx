'use client';
// Settings → API keys: the form that creates a key (its secret is then shown once by ./ApiKeys):
// name, role (capped at the creator's, and at admin), optional sectors (within the creator's) and
// an expiry of 30, 90 or 365 days, a chosen date, or never. Its schema is the API's apiKeyCreate.
// A module of its own so that react-hook-form stays out of the page's first load (decision 028).
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/client/toast';
import { Field } from '@/components/ui/form/Field';
import { SectorsField } from '@/components/ui/form/Controlled';
import { useCreateApiKey } from '@/lib/client/api-keys';
import { applyServerErrors } from '@/lib/client/form-errors';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import { atLeast, type Role } from '@/lib/kinds/access';
import { ROLE_TEXT, roleLabel } from '@/lib/client/access';
import type { ApiKeyCreateInput, CreatedApiKeyRecord } from '@/lib/schemas/auth';
import { SubmitRow } from '@/components/ui/form/SubmitRow';
import { LiveForm } from '@/components/ui/form/LiveForm';

/** lib/schemas/auth's apiKeyCreate, loaded after the page (lib/client/lazy-resolver says why). */
const resolver = lazyZodResolver<ApiKeyCreateInput>(() => import('@/lib/schemas/auth').then((m) => m.apiKeyCreate));

/** The roles a key may have (D11: at most admin), in the order offered. */
const KEY_ROLES = ['viewer', 'editor', 'admin'] as const satisfies readonly Role[];

type Expiry = '30' | '90' | '365' | 'custom' | 'never';
const EXPIRIES: { value: Expiry; label: string }[] = [
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In 365 days' },
  { value: 'custom', label: 'On a date…' },
  { value: 'never', label: 'Never' },
];

const DAY = 24 * 3600_000;

/** The `expiresAt` of a choice: now plus its days, the end of the chosen day (local time), or null. */
function expiresAtOf(choice: Expiry, date: string): string | null {
  if (choice === 'never') return null;
  if (choice === 'custom') {
    const [y, m, d] = date.split('-').map(Number);
    return date ? new Date(y, m - 1, d, 23, 59, 59).toISOString() : '';
  }
  return new Date(Date.now() + Number(choice) * DAY).toISOString();
}

/** Today as the date input writes it (YYYY-MM-DD, local time): no earlier day can be chosen. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

type Props = {
  onCreated: (key: CreatedApiKeyRecord) => void;
  /** The creator's role and sectors (null role: not known yet; the API checks anyway). */
  creator: { role: Role | null; sectors: string[] };
};

export default function CreateKey({ onCreated, creator }: Props) {
  const create = useCreateApiKey();
  const id = useId();
  const [expiry, setExpiry] = useState<Expiry>('90');
  const [date, setDate] = useState('');
  const form = useForm<ApiKeyCreateInput>({ resolver, defaultValues: { name: '', role: 'viewer', sectors: creator.sectors.slice(0, 1), expiresAt: null } });
  useEffect(() => resolver.preload(), []);
  const chosenRole = useWatch({ control: form.control, name: 'role' }) ?? 'viewer';
  const roles = KEY_ROLES.filter((r) => creator.role === null || atLeast(creator.role, r));
  const limited = creator.sectors.length > 0;
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (key) => {
        toast.success(`API key “${key.name}” created`);
        form.reset();
        setExpiry('90');
        setDate('');
        onCreated(key);
      },
      onError: (error) => applyServerErrors(error, form.setError, { fields: ['name', 'role', 'sectors', 'expiresAt'], action: 'Could not create the key' }),
    }),
  );
  // The expiry is worked out when the form is sent (30 days from now, not from when the page opened).
  const send = (event: FormEvent) => {
    form.setValue('expiresAt', expiresAtOf(expiry, date));
    return submit(event);
  };
  return (
    <section className="card" aria-labelledby="create-key">
      <h2 id="create-key">Create a key</h2>
      <LiveForm className="stack" style={{ maxWidth: 720 }} onSubmit={send}>
        <Field id="key-name" label="Name" api="name" error={form.formState.errors.name?.message} hint="Say who uses it, e.g. “CI pipeline” or “Billing service”. History records name the key." required>
          {(aria) => <input {...aria} className="input" autoComplete="off" {...form.register('name')} />}
        </Field>
        <Field id="key-role" label="Role" api="role" error={form.formState.errors.role?.message} hint={`${ROLE_TEXT[chosenRole]}. At most your own role.`} required>
          {(aria) => (
            <select {...aria} className="select" {...form.register('role')}>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {roleLabel(r)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <SectorsField
          control={form.control}
          suggestions={creator.sectors}
          hint={
            limited
              ? `You are limited to ${creator.sectors.join(', ')}: the key must be limited to some of them. Press Enter or comma after each sector.`
              : 'Leave empty for the whole company; otherwise the key sees and changes only these sectors. Press Enter or comma after each sector.'
          }
        />
        <Controller
          control={form.control}
          name="expiresAt"
          render={({ fieldState }) => (
            <div className="row" style={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
              <Field id="key-expiry" label="Expires" api="expiresAt" error={fieldState.error?.message} hint="An expired key stops working, and so do its tokens.">
                {(aria) => (
                  <select {...aria} className="select" value={expiry} onChange={(e) => setExpiry(e.target.value as Expiry)}>
                    {EXPIRIES.map((e) => (
                      <option key={e.value} value={e.value}>
                        {e.label}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              {expiry === 'custom' && (
                <Field id={`${id}-date`} label="Expiry date" hint="The key works until the end of this day." required>
                  {(aria) => <input {...aria} type="date" className="input" min={today()} value={date} onChange={(e) => setDate(e.target.value)} />}
                </Field>
              )}
            </div>
          )}
        />
        <SubmitRow label="Create key" pending={create.isPending} />
      </LiveForm>
    </section>
  );
}
