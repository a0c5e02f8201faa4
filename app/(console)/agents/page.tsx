import type { Metadata } from 'next';
import { AgentsList } from '@/components/agents/AgentsList';
import { listPage } from '../page-kit';

export const metadata: Metadata = { title: 'Agents' };

export default listPage('agents', AgentsList, ['ai-models']);
