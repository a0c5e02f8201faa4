// A console section whose pages are still to come: says so and points at the API meanwhile.
import { PageHeader } from '@/components/ui/PageHeader';
import { EmptyState } from '@/components/ui/States';

export function NotYetAvailable({ title, description, api }: { title: string; description: string; api: string }) {
  return (
    <div className="page">
      <PageHeader title={title} description={description} />
      <section className="card">
        <EmptyState title="Coming soon to the console" icon="…">
          Until this page arrives, use the API: <code>{api}</code>.
        </EmptyState>
      </section>
    </div>
  );
}
