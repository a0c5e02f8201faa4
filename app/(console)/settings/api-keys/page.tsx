import type { Metadata } from 'next';
import { ApiKeys } from '@/components/settings/ApiKeys';
import { rolePage } from '../../gates';

export const metadata: Metadata = { title: 'API keys' };

export default rolePage('admin', 'manage API keys', ApiKeys);
