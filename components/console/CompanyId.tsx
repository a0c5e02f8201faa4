'use client';
// The company's id, with a copy button: AI model requests name it as `environment.company`, and
// the API key script takes it as --company (issue 9).
import { CopyButton } from '@/components/ui/CopyButton';
import { useSession } from '@/lib/client/session';

export function CompanyId({ hint = true }: { hint?: boolean }) {
  const session = useSession();
  const company = session.data?.company;
  return (
    <div className="stack company-id" style={{ gap: 6 }}>
      <div className="secret">
        <span className="stack" style={{ gap: 2, minWidth: 0, flex: 1 }}>
          <span className="small muted">Company id{company ? ` of ${company.name}` : ''}</span>
          <code data-testid="company-id">{company?.id ?? (session.isError ? 'Could not load' : 'Loading…')}</code>
        </span>
        {company && <CopyButton text={company.id} label="Copy id" />}
      </div>
      {hint && (
        <p className="field-hint">
          API requests for AI models send it as <code>environment.company</code>; the API key script takes it as <code>--company</code>.
        </p>
      )}
    </div>
  );
}
