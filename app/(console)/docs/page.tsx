// /docs — the API reference: Swagger UI over GET /api/openapi.json (generated from the zod schemas).
import type { Metadata } from 'next';
import { ApiReference } from '@/components/docs/ApiReference';
import { PageHeader } from '@/components/ui/PageHeader';

export const metadata: Metadata = { title: 'API reference · Agent Console' };

export default function DocsPage() {
  return (
    <div className="page">
      <PageHeader
        title="API reference"
        description={
          <>
            Every operation of the management API, generated from the schemas the API validates with (raw document:{' '}
            <a href="/api/openapi.json">/api/openapi.json</a>). &ldquo;Try it out&rdquo; calls the API as you, with your session.
          </>
        }
      />
      <ApiReference />
    </div>
  );
}
