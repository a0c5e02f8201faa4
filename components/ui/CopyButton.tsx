'use client';
// Copies a text to the clipboard and says so.
import { useState } from 'react';
import { toast } from '@/lib/client/toast';
import { Button } from './Button';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const done = document.execCommand('copy');
  area.remove();
  if (!done) throw new Error('copy refused');
}

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      size="sm"
      variant="primary"
      onClick={async () => {
        try {
          await copyText(text);
          setCopied(true);
          toast.success('Copied to the clipboard');
          setTimeout(() => setCopied(false), 2000);
        } catch {
          toast.error('Could not copy: select the text and copy it by hand');
        }
      }}
    >
      {copied ? 'Copied ✓' : label}
    </Button>
  );
}
