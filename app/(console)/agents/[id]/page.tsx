import type { Metadata } from 'next';
import { AgentDetail } from '@/components/agents/AgentDetail';
import { detailPage } from '../../page-kit';

export const metadata: Metadata = { title: 'Agent' };

export default detailPage('agents', AgentDetail, ['ai-models', 'tools', 'knowledge-bases']);
