'use client';
// "Export bundle": downloads the squad with its agents, their tools, knowledge bases and AI models
// as one JSON file (decision 014: local refs, no ids, no provider key).
import { useState } from 'react';
import { toast } from '@/lib/client/toast';
import { Button } from '@/components/ui/Button';
import { errorMessage } from '@/components/ui/States';
import { downloadSquadBundle } from '@/lib/client/bundles';

export function ExportBundleButton({ id, name }: { id: string; name: string }) {
  const [pending, setPending] = useState(false);
  const exportBundle = async () => {
    setPending(true);
    try {
      const file = await downloadSquadBundle(id, name);
      toast.success(`Exported “${name}” as ${file}`, { description: 'Provider keys are not in the file: they are asked for at import.' });
    } catch (error) {
      toast.error(`Could not export “${name}”`, { description: errorMessage(error) });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button onClick={exportBundle} pending={pending} title="Download this squad with its agents, tools, knowledge bases and AI models as one JSON file">
      Export bundle
    </Button>
  );
}
