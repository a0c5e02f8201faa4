'use client';
// Settings → Members (D11, decision 080): everyone sees who is in the company (name, email, role,
// sectors, last sign-in); admins and owners also invite (the link shown once, with a copy
// button), list pending invitations (new link, revoke), change a member's role or sectors, issue
// a password reset link and remove a member, each with a confirmation that names what happens.
// What the caller may not do is disabled with its reason (components/ui/Refused.tsx); the API
// enforces the same rules (lib/server/members.ts) and its refusal is shown where it happened.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/client/toast';
import { Badge, TagList } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { CopyButton } from '@/components/ui/CopyButton';
import { DateTime } from '@/components/ui/DateTime';
import { Dialog } from '@/components/ui/Dialog';
import { Field, SectorsField } from '@/components/ui/form';
import { PageHeader } from '@/components/ui/PageHeader';
import { RefusedButton } from '@/components/ui/Refused';
import { ResourceTable, type Column } from '@/components/ui/ResourceTable';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { TagInput } from '@/components/ui/TagInput';
import { ROLE_TEXT, useCan, useRole, type Access } from '@/lib/client/access';
import { applyServerErrors } from '@/lib/client/form-errors';
import { useInvitations, useInvite, useMembers, useRemoveMember, useResendInvitation, useResetLink, useRevokeInvitation, useUpdateMember } from '@/lib/client/members';
import { useSession } from '@/lib/client/session';
import { ROLES, atLeast, sectorOutside, type Role } from '@/lib/kinds/access';
import { invitationCreate, type InvitationRecord } from '@/lib/schemas/invitations';
import type { MemberRecord } from '@/lib/schemas/members';
import { SubmitRow } from '@/components/ui/form/SubmitRow';
import { LiveForm } from '@/components/ui/form/LiveForm';


const ROLE_NAME: Record<Role, string> = { viewer: 'Viewer', editor: 'Editor', admin: 'Admin', owner: 'Owner' };

const ROLE_TONE: Record<Role, 'accent' | 'success' | 'warning' | undefined> = { owner: 'accent', admin: 'warning', editor: 'success', viewer: undefined };

const HIGHEST_FIRST = [...ROLES].reverse();

/** The roles the caller may grant: up to its own (D11; an admin up to admin). */
const grantable = (access: Access): Role[] => HIGHEST_FIRST.filter((r) => access.reaches(r));

const article = (role: Role) => (role === 'admin' || role === 'owner' ? 'an' : 'a');

/** A link shown once: an invitation's or a reset's, with whether it was also e-mailed. */
type ShownLink = { title: string; to: string; url: string; expiresAt: string; emailed: boolean };

export function Members() {
  const access = useRole();
  const manage = useCan('admin', 'invite and manage members');
  const [shown, setShown] = useState<ShownLink | null>(null);
  return (
    <div className="page">
      <PageHeader title="Members" description="The people of your company, their role and the sectors they are limited to." />
      {access.ready && manage.allowed && (shown ? <LinkOnce link={shown} onDone={() => setShown(null)} /> : <InviteCard onLink={setShown} />)}
      {access.ready && !manage.allowed && (
        <p className="callout" data-testid="members-read-only">
          {manage.reason}. You are {article(access.role!)} {access.role}.
        </p>
      )}
      <MemberList onLink={setShown} />
      {manage.allowed && <PendingInvitations onLink={setShown} />}
    </div>
  );
}

function LinkOnce({ link, onDone }: { link: ShownLink; onDone: () => void }) {
  return (
    <section className="card stack" aria-labelledby="link-once" data-testid="link-once">
      <h2 id="link-once">{link.title}</h2>
      {link.emailed ? (
        <p className="callout">The link was e-mailed to {link.to}. You can also copy it below; it is shown this once.</p>
      ) : (
        <p className="callout">E-mail is not configured: copy this link and send it to {link.to} yourself. It is shown this once.</p>
      )}
      <div className="secret">
        <code data-testid="shown-link">{link.url}</code>
        <CopyButton text={link.url} label="Copy link" />
      </div>
      <p className="small muted">
        It works once and expires <DateTime iso={link.expiresAt} />.
      </p>
      <div className="form-actions">
        <Button variant="primary" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}

const INVITE_FIELDS = ['email', 'role', 'sectors'] as const;

function InviteCard({ onLink }: { onLink: (link: ShownLink) => void }) {
  const access = useRole();
  const invite = useInvite();
  const roles = grantable(access);
  const form = useForm({ resolver: zodResolver(invitationCreate), defaultValues: { email: '', role: 'editor' as Role, sectors: access.sectors } });
  const { errors } = form.formState;
  const chosenRole = useWatch({ control: form.control, name: 'role' });
  const submit = form.handleSubmit((input) =>
    invite.mutate(input, {
      onSuccess: (created) => {
        toast.success(`Invitation for ${created.email} created`);
        form.reset();
        onLink({ title: `Invitation for ${created.email} as ${created.role}`, to: created.email, url: created.url, expiresAt: created.expiresAt, emailed: created.emailed });
      },
      onError: (error) => applyServerErrors(error, form.setError, { fields: INVITE_FIELDS, action: 'Could not invite' }),
    }),
  );
  return (
    <section className="card stack" aria-labelledby="invite">
      <h2 id="invite">Invite a member</h2>
      <LiveForm onSubmit={submit} aria-label="Invite a member">
        <div className="form-grid">
          <Field id="invite-email" label="Email" error={errors.email?.message} required>
            {(aria) => <input {...aria} className="input" type="email" autoComplete="off" {...form.register('email')} />}
          </Field>
          <Field id="invite-role" label="Role" error={errors.role?.message} required hint={`${ROLE_TEXT[chosenRole]}.${access.role === 'owner' ? '' : ' Up to your own role.'}`}>
            {(aria) => (
              <select {...aria} className="select" {...form.register('role')}>
                {roles.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_NAME[r]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <SectorsField
            control={form.control}
            className="span-2"
            suggestions={access.sectors}
            placeholder="e.g. sales"
            hint={access.sectors.length ? `Within your sectors: ${access.sectors.join(', ')}.` : 'Leave empty for the whole company. Press Enter or comma after each sector.'}
          />
        </div>
        <SubmitRow label="Create invitation" pending={invite.isPending} />
      </LiveForm>
    </section>
  );
}

/** Why the caller cannot change or remove `member`, or null when it can (the API's rules, lib/server/members.ts). */
function refusal(access: Access, member: MemberRecord, owners: number): string | null {
  if (!access.role || !atLeast(access.role, 'admin')) return 'Admins and owners can change members';
  if (member.role === 'owner' && access.role !== 'owner') return 'Only owners can change or remove an owner';
  if (member.role === 'owner' && owners <= 1) return 'The last owner cannot be demoted or removed: make another member owner first';
  const outside = sectorOutside(access.sectors, member.sectors);
  if (outside === '') return 'You are limited to some sectors: members of the whole company are outside them';
  if (outside !== null) return `Sector “${outside}” is outside yours`;
  return null;
}

function MemberList({ onLink }: { onLink: (link: ShownLink) => void }) {
  const members = useMembers();
  const access = useRole();
  const me = useSession().data?.user?.id;
  const company = useSession().data?.company.name ?? 'the company';
  const manage = access.reaches('admin');
  const [changing, setChanging] = useState<MemberRecord | null>(null);
  const [removing, setRemoving] = useState<MemberRecord | null>(null);
  const [resetting, setResetting] = useState<MemberRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const remove = useRemoveMember();
  const reset = useResetLink();

  const rows = members.data ?? [];
  const owners = rows.filter((m) => m.role === 'owner').length;
  // The last owner may still change its own sectors: only demoting and removing it are refused.
  const lastOwner = (m: MemberRecord) => m.role === 'owner' && owners <= 1;

  const confirmRemove = () => {
    if (!removing) return;
    setError(null);
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast.success(`${removing.name} was removed from ${company}`);
        setRemoving(null);
      },
      onError: (e) => {
        setError(e.message);
        toast.error(`Could not remove ${removing.name}`);
      },
    });
  };
  const confirmReset = () => {
    if (!resetting) return;
    setError(null);
    reset.mutate(resetting.id, {
      onSuccess: (link) => {
        toast.success(`Password reset link for ${resetting.name} created`);
        onLink({ title: `Password reset link for ${resetting.name}`, to: resetting.email, url: link.url, expiresAt: link.expiresAt, emailed: link.emailed });
        setResetting(null);
        window.scrollTo({ top: 0 });
      },
      onError: (e) => {
        setError(e.message);
        toast.error(`Could not create a reset link for ${resetting.name}`);
      },
    });
  };

  const columns: Column<MemberRecord>[] = [
    {
      key: 'name',
      header: 'Name',
      primary: true,
      cell: (m) => (
        <span className="stack" style={{ gap: 2 }}>
          <strong>
            {m.name} {m.id === me && <Badge>you</Badge>}
          </strong>
          <span className="muted small">{m.email}</span>
        </span>
      ),
    },
    { key: 'role', header: 'Role', cell: (m) => <Badge tone={ROLE_TONE[m.role]}>{m.role}</Badge> },
    { key: 'sectors', header: 'Sectors', cell: (m) => <TagList items={m.sectors} empty="All sectors" max={4} /> },
    { key: 'signed-in', header: 'Last sign-in', cell: (m) => (m.lastSignInAt ? <DateTime iso={m.lastSignInAt} /> : <span className="muted">Never</span>) },
  ];
  if (manage) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      kind: 'actions',
      cell: (m) => {
        const refused = refusal(access, m, owners);
        const mayChange = refused === null || (lastOwner(m) && access.role === 'owner');
        return (
          <span className="row" style={{ justifyContent: 'flex-end', gap: 4 }}>
            {mayChange ? (
              <Button size="sm" variant="ghost" aria-label={`Change role or sectors of ${m.name}`} onClick={() => setChanging(m)}>
                Change
              </Button>
            ) : (
              <RefusedButton size="sm" variant="ghost" reason={refused!} label={`Change role or sectors of ${m.name}`}>
                Change
              </RefusedButton>
            )}
            {refused === null || (lastOwner(m) && access.role === 'owner') ? (
              <Button size="sm" variant="ghost" aria-label={`Reset password of ${m.name}`} onClick={() => (setError(null), setResetting(m))}>
                Reset password
              </Button>
            ) : null}
            {refused === null ? (
              <Button size="sm" variant="danger-ghost" aria-label={`Remove ${m.name}`} onClick={() => (setError(null), setRemoving(m))}>
                Remove
              </Button>
            ) : (
              <RefusedButton size="sm" variant="danger-ghost" reason={refused} label={`Remove ${m.name}`}>
                Remove
              </RefusedButton>
            )}
          </span>
        );
      },
    });
  }

  return (
    <section className="card card-tight" aria-labelledby="member-list">
      <div style={{ padding: '18px 20px 6px' }}>
        <h2 id="member-list">
          Members {members.data && <span className="muted small">({members.data.length})</span>}
        </h2>
      </div>
      {members.isPending ? (
        <LoadingState label="Loading members…" rows={3} />
      ) : members.isError ? (
        <ErrorState error={members.error} onRetry={() => members.refetch()} title="Could not load the members" />
      ) : rows.length === 0 ? (
        <EmptyState title="No members" icon="⚇">
          Nobody can sign in to this company yet. Invite its first owner from the command line: npm run user -- invite.
        </EmptyState>
      ) : (
        <ResourceTable caption="Members" rows={rows} columns={columns} rowKey={(m) => m.id} />
      )}
      {changing && <ChangeMember member={changing} lastOwner={lastOwner(changing)} company={company} isMe={changing.id === me} onClose={() => setChanging(null)} />}
      <ConfirmDialog
        open={!!removing}
        title={`Remove ${removing?.name ?? ''}?`}
        confirmLabel="Remove member"
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
        pending={remove.isPending}
        error={error}
      >
        {removing?.id === me
          ? `You will be signed out at once and lose access to ${company}.`
          : `${removing?.name ?? ''} will be signed out at once and lose access to ${company}. Their past changes keep their name in the history.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={!!resetting}
        title={`Password reset link for ${resetting?.name ?? ''}?`}
        confirmLabel="Create reset link"
        danger={false}
        onConfirm={confirmReset}
        onCancel={() => setResetting(null)}
        pending={reset.isPending}
        error={error}
      >
        {`A single-use link lets ${resetting?.name ?? ''} choose a new password. Their current password keeps working until the link is used.`}
      </ConfirmDialog>
    </section>
  );
}

/** The role and sectors of a member, with what the change does said before it is made. */
function ChangeMember({ member, lastOwner, company, isMe, onClose }: { member: MemberRecord; lastOwner: boolean; company: string; isMe: boolean; onClose: () => void }) {
  const access = useRole();
  const update = useUpdateMember();
  const [role, setRole] = useState<Role>(member.role);
  const [sectors, setSectors] = useState<string[]>(member.sectors);
  const [error, setError] = useState<string | null>(null);
  const roles = grantable(access);
  const changed = role !== member.role || sectors.join('\n') !== member.sectors.join('\n');
  const who = isMe ? 'You' : member.name;
  const save = () => {
    setError(null);
    const input = { ...(role !== member.role ? { role } : {}), ...(sectors.join('\n') !== member.sectors.join('\n') ? { sectors } : {}) };
    update.mutate(
      { id: member.id, input },
      {
        onSuccess: (m) => {
          toast.success(`${m.name} is now ${article(m.role)} ${m.role}${m.sectors.length ? ` limited to ${m.sectors.join(', ')}` : ''}`);
          onClose();
        },
        onError: (e) => {
          setError(e.message);
          toast.error(`Could not change ${member.name}: ${e.message}`);
        },
      },
    );
  };
  return (
    <Dialog
      open
      title={`Change ${member.name}`}
      onEscape={update.isPending ? undefined : onClose}
      testId="change-member"
      actions={
        <>
          <Button onClick={onClose} disabled={update.isPending} data-autofocus>
            Cancel
          </Button>
          <Button variant="primary" onClick={save} pending={update.isPending} disabled={!changed}>
            Save change
          </Button>
        </>
      }
    >
      <div className="stack">
        <div className="field">
          <label className="field-label" htmlFor="change-role">
            Role
          </label>
          <select id="change-role" className="select" value={role} disabled={lastOwner} aria-describedby="change-role-why" onChange={(e) => setRole(e.target.value as Role)}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {ROLE_NAME[r]}
              </option>
            ))}
          </select>
          <p className="field-hint" id="change-role-why">
            {lastOwner ? `The last owner of ${company} cannot be demoted: make another member owner first.` : `${ROLE_TEXT[role]}.`}
          </p>
        </div>
        <div className="field">
          <label className="field-label" htmlFor="change-sectors">
            Sectors
          </label>
          <TagInput id="change-sectors" aria-describedby="change-sectors-hint" value={sectors} onChange={setSectors} suggestions={access.sectors} itemLabel="sector" placeholder="e.g. sales" />
          <p className="field-hint" id="change-sectors-hint">
            Empty: the whole company. Press Enter or comma after each sector.
          </p>
        </div>
        <p className="callout" data-testid="change-consequence">
          {changed
            ? `${who} will be signed out at once and sign in again as ${article(role)} ${role}${sectors.length ? `, limited to ${sectors.join(', ')}` : ''}.`
            : 'Nothing changed yet.'}
        </p>
        {error && (
          <p className="form-alert" role="alert">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}

function PendingInvitations({ onLink }: { onLink: (link: ShownLink) => void }) {
  const invitations = useInvitations(true);
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<InvitationRecord | null>(null);
  const [resending, setResending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const doResend = (inv: InvitationRecord) => {
    setResending(inv.id);
    resend.mutate(inv.id, {
      onSuccess: (created) => {
        toast.success(`New link for ${created.email}: the old one no longer works`);
        onLink({ title: `New invitation link for ${created.email}`, to: created.email, url: created.url, expiresAt: created.expiresAt, emailed: created.emailed });
        window.scrollTo({ top: 0 });
      },
      onError: (e) => toast.error(`Could not resend the invitation for ${inv.email}: ${e.message}`),
    });
  };
  const confirmRevoke = () => {
    if (!revoking) return;
    setError(null);
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast.success(`Invitation for ${revoking.email} revoked`);
        setRevoking(null);
      },
      onError: (e) => {
        setError(e.message);
        toast.error(`Could not revoke the invitation for ${revoking.email}`);
      },
    });
  };

  const columns: Column<InvitationRecord>[] = [
    { key: 'email', header: 'Email', primary: true, cell: (i) => <strong>{i.email}</strong> },
    { key: 'role', header: 'Role', cell: (i) => <Badge tone={ROLE_TONE[i.role]}>{i.role}</Badge> },
    { key: 'sectors', header: 'Sectors', cell: (i) => <TagList items={i.sectors} empty="All sectors" max={4} /> },
    { key: 'expires', header: 'Expires', cell: (i) => <DateTime iso={i.expiresAt} /> },
    {
      key: 'actions',
      header: 'Actions',
      kind: 'actions',
      cell: (i) => (
        <span className="row" style={{ justifyContent: 'flex-end', gap: 4 }}>
          <Button size="sm" variant="ghost" aria-label={`Resend the invitation for ${i.email}`} pending={resend.isPending && resending === i.id} onClick={() => doResend(i)}>
            Resend
          </Button>
          <Button size="sm" variant="danger-ghost" aria-label={`Revoke the invitation for ${i.email}`} onClick={() => (setError(null), setRevoking(i))}>
            Revoke
          </Button>
        </span>
      ),
    },
  ];

  return (
    <section className="card card-tight" aria-labelledby="invitation-list">
      <div style={{ padding: '18px 20px 6px' }}>
        <h2 id="invitation-list">Pending invitations</h2>
      </div>
      {invitations.isPending ? (
        <LoadingState label="Loading invitations…" rows={2} />
      ) : invitations.isError ? (
        <ErrorState error={invitations.error} onRetry={() => invitations.refetch()} title="Could not load the invitations" />
      ) : invitations.data.length === 0 ? (
        <EmptyState title="No pending invitations" icon="✉">
          Invitations you create wait here until they are accepted, revoked or expire (after 72 hours).
        </EmptyState>
      ) : (
        <ResourceTable caption="Pending invitations" rows={invitations.data} columns={columns} rowKey={(i) => i.id} />
      )}
      <ConfirmDialog
        open={!!revoking}
        title={`Revoke the invitation for ${revoking?.email ?? ''}?`}
        confirmLabel="Revoke invitation"
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
        pending={revoke.isPending}
        error={error}
      >
        Its link stops working at once. You can invite the same address again later.
      </ConfirmDialog>
    </section>
  );
}
