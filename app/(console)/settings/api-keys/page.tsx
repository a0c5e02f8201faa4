import type { Metadata } from 'next';
import { ApiKeys } from '@/components/settings/ApiKeys';
import { RoleOpens } from '@/components/ui/Can';

export const metadata: Metadata = { title: 'API keys' };

export default function ApiKeysPage() {
  return (
    <RoleOpens need="admin" what="manage API keys">
      <ApiKeys />
    </RoleOpens>
  );
}
