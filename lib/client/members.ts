// The company's people (D11): members, pending invitations, reset links, the person's own profile
// and the company's name. Through the seeded hooks (./query-hub.tsx), as the API keys page.
import type { CompanyRecord, CompanyUpdateInput } from '@/lib/schemas/company';
import type { CreatedInvitationRecord, InvitationCreateInput, InvitationRecord, ResetLinkRecord } from '@/lib/schemas/invitations';
import type { MemberRecord, MemberUpdateInput, ProfileUpdateInput } from '@/lib/schemas/members';
import type { SessionRecord } from '@/lib/schemas/auth';
import { api } from './api-later';
import { useLiveMutation, useSeededQuery } from './query-hub';
import { sessionKeys } from './query-keys';

export const memberKeys = {
  all: ['members'] as const,
  list: () => ['members', 'list'] as const,
  invitations: () => ['members', 'invitations'] as const,
};

const path = (base: string, id: string, rest = '') => `${base}/${encodeURIComponent(id)}${rest}`;

export function useMembers() {
  return useSeededQuery({ queryKey: memberKeys.list(), queryFn: async ({ signal }) => (await api<{ items: MemberRecord[] }>('/members', { signal })).items });
}

/** Pending invitations (admins and owners only: `enabled` false for anyone else). */
export function useInvitations(enabled: boolean) {
  return useSeededQuery({
    queryKey: memberKeys.invitations(),
    queryFn: async ({ signal }) => (await api<{ items: InvitationRecord[] }>('/invitations', { signal })).items,
    enabled,
  });
}

export function useInvite() {
  return useLiveMutation<InvitationCreateInput, CreatedInvitationRecord>((client) => ({
    mutationFn: (input) => api<CreatedInvitationRecord>('/invitations', { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: memberKeys.invitations() }),
  }));
}

/** A new link for a pending invitation (the old one stops working). */
export function useResendInvitation() {
  return useLiveMutation<string, CreatedInvitationRecord>((client) => ({
    mutationFn: (id) => api<CreatedInvitationRecord>(path('/invitations', id, '/resend'), { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: memberKeys.invitations() }),
  }));
}

export function useRevokeInvitation() {
  return useLiveMutation<string>((client) => ({
    mutationFn: (id) => api<unknown>(path('/invitations', id), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: memberKeys.invitations() }),
  }));
}

export function useUpdateMember() {
  return useLiveMutation<{ id: string; input: MemberUpdateInput }, MemberRecord>((client) => ({
    mutationFn: ({ id, input }) => api<MemberRecord>(path('/members', id), { method: 'PUT', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: memberKeys.list() }),
  }));
}

export function useRemoveMember() {
  return useLiveMutation<string, MemberRecord>((client) => ({
    mutationFn: (id) => api<MemberRecord>(path('/members', id), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: memberKeys.list() }),
  }));
}

/** A single-use password reset link for a member, shown once. */
export function useResetLink() {
  return useLiveMutation<string, ResetLinkRecord>(() => ({
    mutationFn: (id) => api<ResetLinkRecord>(path('/members', id, '/reset-password'), { method: 'POST' }),
  }));
}

/** The signed-in person's own name and email; the answer is the session as it now is. */
export function useUpdateProfile() {
  return useLiveMutation<ProfileUpdateInput, SessionRecord>((client) => ({
    mutationFn: (input) => api<SessionRecord>('/session/profile', { method: 'PUT', body: input }),
    onSuccess: (me) => {
      client.setQueryData(sessionKeys.me(), me);
      return client.invalidateQueries({ queryKey: memberKeys.list() });
    },
  }));
}

export function useRenameCompany() {
  return useLiveMutation<CompanyUpdateInput, CompanyRecord>((client) => ({
    mutationFn: (input) => api<CompanyRecord>('/company', { method: 'PUT', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.me() }),
  }));
}
