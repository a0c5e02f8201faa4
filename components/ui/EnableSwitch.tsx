'use client';
// The inline enable/disable switch of a list row or a detail page: optimistic, with a toast.
import { useCan } from '@/lib/client/access';
import type { MutationView } from '@/lib/client/query-hub';
import type { KindKey } from '@/lib/kinds';
import { toast } from '@/lib/client/toast';
import { Refused } from './Refused';
import { Switch } from './Switch';

type Vars = { id: string; enabled: boolean };

type Props = {
  /** The resource's kind: a role that may not enable it sees the switch locked, with the reason. */
  kind: KindKey;
  id: string;
  name: string;
  enabled: boolean;
  /** A resource's useSetEnabled hook (module-level, so it is stable). */
  useSetEnabled: () => MutationView<Vars>;
};

export function EnableSwitch(props: Props) {
  const can = useCan(props.kind, 'enable');
  if (!can.allowed) {
    return <Refused reason={can.reason}>{(describedBy) => <Switch checked={props.enabled} label={`Enabled: ${props.name}`} locked describedBy={describedBy} onChange={() => {}} />}</Refused>;
  }
  return <LiveSwitch {...props} />;
}

function LiveSwitch({ id, name, enabled, useSetEnabled }: Props) {
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
