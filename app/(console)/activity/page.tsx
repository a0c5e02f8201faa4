import type { Metadata } from 'next';
import { ActivityLog } from '@/components/activity/ActivityLog';

export const metadata: Metadata = { title: 'Activity' };

export default function ActivityPage() {
  return <ActivityLog />;
}
