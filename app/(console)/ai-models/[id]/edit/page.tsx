import type { Metadata } from 'next';
import { EditAiModel } from '@/components/ai-models/AiModelEditor';
import { editPage } from '../../../page-kit';

export const metadata: Metadata = { title: 'Edit AI model' };

export default editPage('ai-models', EditAiModel);
