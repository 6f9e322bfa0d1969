// Members of company accounts, invitations to join them and the record of who did what
// (decision 203): what the module offers.
import { type AuditLogService, createAuditLogService } from './audit-log.ts';
import { createInvitationsService, type InvitationsService } from './invitations.ts';
import { createTeamService, type TeamService } from './team.ts';

export type { AuditLogService } from './audit-log.ts';
export { DEFAULT_INVITATION_LIMITS, type InvitationLimits } from './invitation-throttle.ts';
export type { InvitationsService } from './invitations.ts';
export type { Caller, TeamService } from './team.ts';

export interface MembersService {
  team: TeamService;
  invitations: InvitationsService;
  auditLog: AuditLogService;
}

export function createMembersService(
  deps: Parameters<typeof createInvitationsService>[0],
): MembersService {
  return {
    team: createTeamService(deps),
    invitations: createInvitationsService(deps),
    auditLog: createAuditLogService(deps),
  };
}
