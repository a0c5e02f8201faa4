import type { Metadata } from 'next';
import { ActivityLog } from '@/components/activity/ActivityLog';
import { RoleOpens } from '@/components/ui/Can';

export const metadata: Metadata = { title: 'Activity' };

export default function ActivityPage() {
  return (
    <RoleOpens need="admin" what="see the activity">
      <ActivityLog />
    </RoleOpens>
  );
}
