import type { Metadata } from 'next';

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
        {/* A plain link (a full page load): next/link would put the client router's link code in every page's first load, sign-in's too (decision 028). */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- on purpose: a full page load, see above */}
        <a className="btn btn-primary" href="/">
          Go to the console
        </a>
      </div>
    </main>
  );
}
