import type { Metadata } from 'next';
import { ApiKeys } from '@/components/settings/ApiKeys';
import { rolePage } from '../../page-kit';

export const metadata: Metadata = { title: 'API keys' };

export default rolePage('admin', 'manage API keys', ApiKeys);
