'use client';
// The inline enable/disable switch of a list row or a detail page: optimistic, with a toast.
import type { MutationView } from '@/lib/client/query-hub';
import { toast } from '@/lib/client/toast';
import { Switch } from './Switch';

type Vars = { id: string; enabled: boolean };

type Props = {
  id: string;
  name: string;
  enabled: boolean;
  /** A resource's useSetEnabled hook (module-level, so it is stable). */
  useSetEnabled: () => MutationView<Vars>;
};

export function EnableSwitch({ id, name, enabled, useSetEnabled }: Props) {
  const mutation = useSetEnabled();
  return (
    <Switch
      checked={enabled}
      label={`Enabled: ${name}`}
      pending={mutation.isPending}
      onChange={(next) =>
        mutation.mutate(
          { id, enabled: next },
          {
            onSuccess: () => toast.success(`“${name}” ${next ? 'enabled' : 'disabled'}`),
            onError: (error) => toast.error(`Could not ${next ? 'enable' : 'disable'} “${name}”: ${error.message}`),
          },
        )
      }
    />
  );
}
