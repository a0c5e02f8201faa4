// A page a link sent to a person opens (D11: an invitation, a password reset): reachable signed
// out, like /sign-in and /setup (outside the console's layout). The card is rendered on the
// server: only the form is client code (decision 028).
import { AuthCard } from './AuthCard';
import { LinkForm } from './LinkForm';

type Props = {
  kind: 'invite' | 'reset';
  title: string;
  subtitle: string;
  /** Who to ask for a new link, after "or ask": "for a new one". */
  askFor: string;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function LinkPage({ kind, title, subtitle, askFor, searchParams }: Props) {
  const { token } = await searchParams;
  return (
    <AuthCard title={title} subtitle={subtitle}>
      {typeof token === 'string' && token ? (
        <LinkForm kind={kind} token={token} />
      ) : (
        <p className="form-alert" role="alert">
          This link is incomplete: open the whole link you were sent, or ask {askFor}.
        </p>
      )}
    </AuthCard>
  );
}
