'use client';
// A page of the console failed while rendering: say so and offer to try again.
import { ErrorState } from '@/components/ui/States';

export default function ConsoleError({ error, reset }: { error: Error; reset: () => void }) {
  return (
    <div className="page">
      <section className="card">
        <ErrorState error={error} onRetry={reset} title="This page could not be shown" />
      </section>
    </div>
  );
}
