import type { Metadata } from 'next';
import { NewAgent } from '@/components/agents/AgentEditor';
import { newPage } from '../../page-kit';

export const metadata: Metadata = { title: 'New agent' };

export default newPage('agents', NewAgent);
