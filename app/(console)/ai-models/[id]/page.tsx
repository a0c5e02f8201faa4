import type { Metadata } from 'next';
import { AiModelDetail } from '@/components/ai-models/AiModelDetail';
import { detailPage } from '../../page-kit';

export const metadata: Metadata = { title: 'AI model' };

export default detailPage('ai-models', AiModelDetail);
