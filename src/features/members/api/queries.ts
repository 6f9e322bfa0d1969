import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import {
  fetchAuditEvents,
  fetchInvitationPreview,
  fetchInvitations,
  fetchMembers,
  fetchTeamSettings,
} from './requests.ts';

export const memberQueries = {
  /** Everything of every company's team, for invalidation. */
  all: () => ['buyer', 'team'] as const,
  /** The team of one company: the current one when read (the server answers for it). */
  of: (companyId: string) => [...memberQueries.all(), companyId] as const,
  /** The members of the current company; kept on the device, readable offline. */
  list: (companyId: string) =>
    queryOptions({
      queryKey: [...memberQueries.of(companyId), 'members'] as const,
      queryFn: ({ signal }) => fetchMembers(signal),
    }),
  invitations: (companyId: string) =>
    queryOptions({
      queryKey: [...memberQueries.of(companyId), 'invitations'] as const,
      queryFn: ({ signal }) => fetchInvitations(signal),
    }),
  settings: (companyId: string) =>
    queryOptions({
      queryKey: [...memberQueries.of(companyId), 'settings'] as const,
      queryFn: ({ signal }) => fetchTeamSettings(signal),
    }),
  /** One page of the audit log; `query` as `auditServerQuery` wrote it. */
  audit: (companyId: string, query: string) =>
    queryOptions({
      queryKey: [...memberQueries.of(companyId), 'audit', query] as const,
      queryFn: ({ signal }) => fetchAuditEvents(query, signal),
      placeholderData: keepPreviousData,
    }),
  /** What an invitation link offers: read fresh, never kept (the link's token is its key). */
  invitationPreview: (token: string) =>
    queryOptions({
      queryKey: ['public', 'invitations', token] as const,
      queryFn: ({ signal }) => fetchInvitationPreview(token, signal),
      staleTime: 0,
      retry: false,
      meta: { persist: false },
    }),
};
