import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Page not found' };

export default function NotFound() {
  return (
    <main className="auth">
      <div className="card state" style={{ width: 'min(440px, 100%)' }}>
        <span className="state-icon" aria-hidden="true">
          ?
        </span>
        <h1>Page not found</h1>
        <p>There is no page at this address.</p>
        <Link className="btn btn-primary" href="/">
          Go to the console
        </Link>
      </div>
    </main>
  );
}
