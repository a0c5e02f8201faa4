import type { Metadata } from 'next';
import { EditKnowledgeBase } from '@/components/knowledge-bases/KnowledgeBaseEditor';
import { editPage } from '../../../page-kit';

export const metadata: Metadata = { title: 'Edit knowledge base' };

export default editPage('knowledge-bases', EditKnowledgeBase);
