'use client';
// How long the company's activity is kept (PUT /api/activity/settings): a number of days, or for
// ever. Saving removes older events at once; the server's daily job keeps it so.
import { useId, useState } from 'react';
import { toast } from '@/lib/client/toast';
import { ErrorState, LoadingState, errorMessage } from '@/components/ui/States';
import { useActivitySettings, useSetActivitySettings } from '@/lib/client/activity';
import { activitySettingsBody, MAX_RETENTION_DAYS } from '@/lib/schemas/activity';
import { SubmitRow } from '@/components/ui/form/SubmitRow';
import { LiveForm } from '@/components/ui/form/LiveForm';

export function RetentionSetting() {
  const settings = useActivitySettings();
  return (
    <section className="card stack" aria-labelledby="activity-retention">
      <h2 id="activity-retention">Retention</h2>
      {settings.isPending ? (
        <LoadingState label="Loading the setting…" rows={1} />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} title="Could not load the retention" />
      ) : (
        <RetentionForm key={String(settings.data.retentionDays)} current={settings.data.retentionDays} />
      )}
    </section>
  );
}

function RetentionForm({ current }: { current: number | null }) {
  const id = useId();
  const save = useSetActivitySettings();
  const [forever, setForever] = useState(current === null);
  const [days, setDays] = useState(String(current ?? 365));
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = activitySettingsBody.safeParse({ retentionDays: forever ? null : days.trim() });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: (saved) => toast.success(saved.retentionDays === null ? 'Activity is kept for ever' : `Activity is kept for ${saved.retentionDays} days; older events were removed`),
      onError: (e) => {
        setError(errorMessage(e));
        toast.error('Could not save the retention');
      },
    });
  };
  return (
    <LiveForm onSubmit={submit}>
      <p className="small muted">Events older than this are removed every day. Removing them cannot be undone; export them first if you need them.</p>
      <label className="row" style={{ gap: 8 }}>
        <input type="checkbox" checked={forever} onChange={(e) => setForever(e.target.checked)} />
        Keep events for ever
      </label>
      {!forever && (
        <div className="field">
          <label className="field-label" htmlFor={`${id}-days`}>
            Keep for (days, 1–{MAX_RETENTION_DAYS})
          </label>
          <input
            id={`${id}-days`}
            className="input"
            inputMode="numeric"
            value={days}
            onChange={(e) => setDays(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            style={{ maxWidth: 160 }}
          />
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <SubmitRow label="Save retention" pending={save.isPending} />
    </LiveForm>
  );
}
