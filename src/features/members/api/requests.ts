/** The team calls (decision 203): members, invitations, the team settings and the audit log. */
import { auditEndpoints } from '#contract/audit.ts';
import {
  type InvitationCreate,
  invitationEndpoints,
  type InvitationRegistration,
  memberEndpoints,
  type MemberUpdate,
  type TeamSettings,
} from '#contract/members.ts';
import { apiClient } from '#src/lib/api-client.ts';

export function fetchMembers(signal?: AbortSignal) {
  return apiClient.call(memberEndpoints.list, { signal });
}

export function updateMember(id: string, body: MemberUpdate) {
  return apiClient.call(memberEndpoints.update, { params: { id }, body });
}

export function removeMember(id: string) {
  return apiClient.call(memberEndpoints.remove, { params: { id } });
}

export function fetchTeamSettings(signal?: AbortSignal) {
  return apiClient.call(memberEndpoints.settings, { signal });
}

export function saveTeamSettings(body: TeamSettings) {
  return apiClient.call(memberEndpoints.saveSettings, { body });
}

export function fetchInvitations(signal?: AbortSignal) {
  return apiClient.call(invitationEndpoints.list, { signal });
}

/** The key makes a repeated send (a retry after no answer) one invitation. */
export function createInvitation(body: InvitationCreate, idempotencyKey: string) {
  return apiClient.call(invitationEndpoints.create, {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function revokeInvitation(id: string) {
  return apiClient.call(invitationEndpoints.revoke, { params: { id } });
}

export function fetchInvitationPreview(token: string, signal?: AbortSignal) {
  return apiClient.call(invitationEndpoints.preview, { params: { token }, signal });
}

export function acceptInvitation(token: string) {
  return apiClient.call(invitationEndpoints.accept, { params: { token } });
}

export function registerWithInvitation(token: string, body: InvitationRegistration) {
  return apiClient.call(invitationEndpoints.register, { params: { token }, body });
}

/** One page of the record; `query` as the codec wrote it (`auditServerQuery`). */
export function fetchAuditEvents(query: string, signal?: AbortSignal) {
  return apiClient.call(auditEndpoints.list, { query, signal });
}
