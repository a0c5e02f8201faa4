import type { Metadata } from 'next';
import { ModelHistory } from '@/components/history/ModelHistory';

export const metadata: Metadata = { title: 'AI model history' };

export default function ModelHistoryPage() {
  return <ModelHistory />;
}
