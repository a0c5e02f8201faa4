import type { Metadata } from 'next';
import { EditAgent } from '@/components/agents/AgentEditor';
import { editPage } from '../../../page-kit';

export const metadata: Metadata = { title: 'Edit agent' };

export default editPage('agents', EditAgent);
