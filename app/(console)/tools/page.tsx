import type { Metadata } from 'next';
import { NotYetAvailable } from '@/components/console/NotYetAvailable';

export const metadata: Metadata = { title: 'Tools' };

export default function ToolsPage() {
  return <NotYetAvailable title="Tools" description="Code and MCP integrations your agents can call." api="/api/tools" />;
}
