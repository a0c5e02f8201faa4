import type { Metadata } from 'next';
import { KnowledgeBasesList } from '@/components/knowledge-bases/KnowledgeBasesList';
import { listPage } from '../page-kit';

export const metadata: Metadata = { title: 'Knowledge bases' };

export default listPage('knowledge-bases', KnowledgeBasesList);
