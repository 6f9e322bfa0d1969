import type { FastifyInstance, FastifyRequest } from 'fastify';

import { auditEndpoints } from '#contract/audit.ts';
import { invitationEndpoints, memberEndpoints } from '#contract/members.ts';
import { route } from '#server/http/endpoint-route.ts';
import { type IdempotencyOptions, transactionOf } from '#server/http/idempotency.ts';
import { membershipsOf } from '#server/http/member-access.ts';
import { principalOf } from '#server/plugins/auth.ts';

import type { Caller, MembersService } from './members.service.ts';

/** The caller in their current company (the route's permission check found one). */
async function callerOf(request: FastifyRequest): Promise<Caller> {
  const { userId } = principalOf(request);
  const memberships = await membershipsOf(request);
  const current = memberships.find((membership) => membership.isCurrent) ?? memberships[0];
  if (!current) throw new Error('The permission check let a caller without a company through');
  return { userId, companyId: current.companyId, role: current.role };
}

export async function membersRoutes(
  app: FastifyInstance,
  { members }: { members: MembersService },
): Promise<void> {
  const { team, invitations, auditLog } = members;
  route(app, memberEndpoints.list, async (request) => team.list(await callerOf(request)));
  route(app, memberEndpoints.update, async (request) =>
    team.update(await callerOf(request), request.params.id, request.body),
  );
  route(app, memberEndpoints.remove, async (request) => {
    await team.remove(await callerOf(request), request.params.id);
    return null;
  });
  route(app, memberEndpoints.leave, async (request) => {
    await team.leave(principalOf(request).userId, request.params.id);
    return null;
  });
  route(app, memberEndpoints.settings, async (request) => team.settings(await callerOf(request)));
  route(app, memberEndpoints.saveSettings, async (request) =>
    team.saveSettings(await callerOf(request), request.body),
  );

  route(app, invitationEndpoints.list, async (request) =>
    invitations.list(await callerOf(request)),
  );
  route(
    app,
    invitationEndpoints.create,
    async (request) =>
      invitations.create(transactionOf(request), await callerOf(request), request.body),
    { idempotency: { status: 201, store: 'atomic' } satisfies IdempotencyOptions },
  );
  route(app, invitationEndpoints.revoke, async (request) => {
    await invitations.revoke(await callerOf(request), request.params.id);
    return null;
  });
  route(app, invitationEndpoints.accept, (request) =>
    invitations.accept(principalOf(request).userId, request.params.token),
  );

  route(app, auditEndpoints.list, async (request) =>
    auditLog.list((await callerOf(request)).companyId, request.query),
  );
  route(app, auditEndpoints.export, async (request) => {
    const { companyId } = await callerOf(request);
    const { fileName, csv } = await auditLog.exportCsv(companyId, request.query.filter);
    return { body: csv, type: 'text/csv; charset=utf-8', fileName };
  });
}

export async function publicInvitationRoutes(
  app: FastifyInstance,
  { members }: { members: MembersService },
): Promise<void> {
  const { invitations } = members;
  route(app, invitationEndpoints.preview, (request) =>
    invitations.preview(request.params.token, request.ip),
  );
  route(app, invitationEndpoints.register, (request) =>
    invitations.register(request.params.token, request.body, {
      address: request.ip,
      userAgent: request.headers['user-agent'],
    }),
  );
}
