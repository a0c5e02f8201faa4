// AI models (reads answer `status: "ok"`; the company is taken from the session when no
// environment is sent). The create/update bodies ({ model, environment }) come with the model pages.
import type { AiModelRecord } from '@/lib/schemas/ai-model';
import { defineResource } from './resource';

export const aiModels = defineResource<AiModelRecord>({ key: 'ai-models', path: '/ai-models' });
