import type { Metadata } from 'next';
import { NewTool } from '@/components/tools/ToolEditor';
import { newPage } from '../../page-kit';

export const metadata: Metadata = { title: 'New tool' };

export default newPage('tools', NewTool);
