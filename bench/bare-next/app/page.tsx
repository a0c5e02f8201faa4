// The bare Next.js page of the designer comparison (issue 22; bench/designer.ts builds and serves
// it): the framework's own floor. The squad is read on the server (from the bench's bare server,
// BARE_SQUAD_URL) into the page, as the designer's is, and drawn by the same bare canvas as the
// esbuild page. No console, no session, no store.
import { Flow } from './flow';

export const dynamic = 'force-dynamic';

export default async function Page({ searchParams }: { searchParams: Promise<{ n?: string }> }) {
  const { n } = await searchParams;
  const res = await fetch(`${process.env.BARE_SQUAD_URL}?n=${Number(n) || 100}`, { cache: 'no-store' });
  return <Flow tasks={await res.json()} />;
}
