// Knowledge bases: GET /knowledge-bases, GET /knowledge-bases/{id} (the record),
// POST/PUT { knowledgeBase, filename }.
import type { KnowledgeBaseRecord } from '@/lib/schemas/knowledge-base';
import { defineResource } from './resource';

export const knowledgeBases = defineResource<KnowledgeBaseRecord>({ key: 'knowledge-bases', path: '/knowledge-bases' });
