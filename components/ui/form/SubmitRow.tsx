'use client';
// A settings form's one action: its submit button, busy while the request runs.
import { Button } from '@/components/ui/Button';

export function SubmitRow({ label, pending, disabled }: { label: string; pending: boolean; disabled?: boolean }) {
  return (
    <div className="form-actions">
      <Button type="submit" variant="primary" pending={pending} disabled={disabled}>
        {label}
      </Button>
    </div>
  );
}
