import type { Metadata } from 'next';
import { EditTool } from '@/components/tools/ToolEditor';
import { editPage } from '../../../page-kit';

export const metadata: Metadata = { title: 'Edit tool' };

export default editPage('tools', EditTool);
