import type { Metadata } from 'next';
import { ApiKeys } from '@/components/settings/ApiKeys';

export const metadata: Metadata = { title: 'API keys' };

export default function ApiKeysPage() {
  return <ApiKeys />;
}
