import type { Metadata } from 'next';
import { AiModelsList } from '@/components/ai-models/AiModelsList';
import { listPage } from '../page-kit';

export const metadata: Metadata = { title: 'AI models' };

export default listPage('ai-models', AiModelsList);
