'use client';
// The console's landing page: the get-started checklist, the company id the API examples need,
// and the ways around (navigation, command palette, shortcuts).
import Link from 'next/link';
import { PageHeader } from '@/components/ui/PageHeader';
import { useSession } from '@/lib/client/session';
import { CompanyId } from './CompanyId';
import { GetStarted } from './GetStarted';

export function Home() {
  const session = useSession();
  const name = session.data?.user?.name ?? session.data?.actor.name;
  return (
    <div className="page page-narrow">
      <PageHeader title={name ? `Welcome, ${name}` : 'Welcome'} description="Build AI agents, give them models, tools and knowledge, and put them to work in squads." />
      <GetStarted />
      <section className="card stack" aria-labelledby="for-the-api">
        <h2 id="for-the-api">For the API</h2>
        <CompanyId />
        <p className="small">
          Programs sign in with an API key: create one in <Link href="/settings/api-keys">Settings → API keys</Link>.
        </p>
      </section>
      <p className="small muted">
        Tip: press <kbd>Ctrl</kbd> <kbd>K</kbd> (<kbd>⌘</kbd> <kbd>K</kbd> on a Mac) to find anything by name, and <kbd>?</kbd> for every keyboard shortcut.
      </p>
    </div>
  );
}
