'use client';
// Settings → API keys: the form that creates a key (its secret is then shown once by ./ApiKeys).
// A module of its own so that react-hook-form stays out of the page's first load (decision 028).
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/client/toast';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/form/Field';
import { useCreateApiKey } from '@/lib/client/api-keys';
import { applyServerErrors } from '@/lib/client/form-errors';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import type { ApiKeyCreateInput, CreatedApiKeyRecord } from '@/lib/schemas/auth';

/** lib/schemas/auth's apiKeyCreate, loaded after the page (lib/client/lazy-resolver says why). */
const resolver = lazyZodResolver<ApiKeyCreateInput>(() => import('@/lib/schemas/auth').then((m) => m.apiKeyCreate));

export default function CreateKey({ onCreated }: { onCreated: (key: CreatedApiKeyRecord) => void }) {
  const create = useCreateApiKey();
  const form = useForm<ApiKeyCreateInput>({ resolver, defaultValues: { name: '' } });
  useEffect(() => resolver.preload(), []);
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (key) => {
        toast.success(`API key “${key.name}” created`);
        form.reset();
        onCreated(key);
      },
      onError: (error) => applyServerErrors(error, form.setError, { fields: ['name'], action: 'Could not create the key' }),
    }),
  );
  return (
    <section className="card" aria-labelledby="create-key">
      <h2 id="create-key">Create a key</h2>
      <form className="row" style={{ alignItems: 'flex-start' }} onSubmit={submit} noValidate>
        <Field id="key-name" label="Name" className="spacer" error={form.formState.errors.name?.message} hint="Say who uses it, e.g. “CI pipeline” or “Billing service”. History records name the key." required>
          {(aria) => <input {...aria} className="input" autoComplete="off" {...form.register('name')} />}
        </Field>
        <Button type="submit" variant="primary" pending={create.isPending} style={{ marginTop: 28 }}>
          Create key
        </Button>
      </form>
    </section>
  );
}
