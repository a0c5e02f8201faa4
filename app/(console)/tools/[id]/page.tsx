import type { Metadata } from 'next';
import { ToolDetail } from '@/components/tools/ToolDetail';
import { detailPage } from '../../page-kit';

export const metadata: Metadata = { title: 'Tool' };

export default detailPage('tools', ToolDetail);
