import type { Metadata } from 'next';
import { KnowledgeBaseDetail } from '@/components/knowledge-bases/KnowledgeBaseDetail';
import { detailPage } from '../../page-kit';

export const metadata: Metadata = { title: 'Knowledge base' };

export default detailPage('knowledge-bases', KnowledgeBaseDetail);
