import type { Metadata } from 'next';
import { ActivityLog } from '@/components/activity/ActivityLog';
import { rolePage } from '../gates';

export const metadata: Metadata = { title: 'Activity' };

export default rolePage('admin', 'see the activity', ActivityLog);
