import type { Metadata } from 'next';
import { NewKnowledgeBase } from '@/components/knowledge-bases/KnowledgeBaseEditor';
import { newPage } from '../../page-kit';

export const metadata: Metadata = { title: 'New knowledge base' };

export default newPage('knowledge-bases', NewKnowledgeBase);
