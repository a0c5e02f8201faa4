import type { Metadata } from 'next';
import { ToolsList } from '@/components/tools/ToolsList';
import { listPage } from '../page-kit';

export const metadata: Metadata = { title: 'Tools' };

export default listPage('tools', ToolsList);
