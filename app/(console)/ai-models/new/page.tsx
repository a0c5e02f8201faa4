import type { Metadata } from 'next';
import { NewAiModel } from '@/components/ai-models/AiModelEditor';
import { newPage } from '../../page-kit';

export const metadata: Metadata = { title: 'New AI model' };

export default newPage('ai-models', NewAiModel);
