// The permission table enforced on every signed-in route (decision 203). A request's memberships
// (the caller's accounts: company and role) are read once, by the user's id, when a route needs
// them; removing a member or changing their role therefore counts from their next request.
//
// An endpoint whose permission is checked `in: 'current'` is refused with 403 unless the caller's
// role in their current company holds it. One checked `in: 'object'` is refused here only when no
// role of the caller holds it in any company; its service then checks each object's company with
// `requireIn` (403 for a member without the permission, 404 for anyone else, as today).
import type { FastifyInstance, FastifyRequest } from 'fastify';

import {
  type EndpointPermission,
  MEMBER_ROLE_LABELS,
  type MemberRole,
  type Permission,
  roleCan,
  roleSeesPrices,
} from '#contract/permissions.ts';

import type { Database } from '../db/database.ts';
import { findMemberships } from '../db/memberships.ts';
import { ApiError, notFound, unauthorized } from './api-error.ts';

const SIGNED_OUT_MESSAGE = 'JWT Token not found';

export interface Membership {
  companyId: string;
  role: MemberRole;
  isCurrent: boolean;
  /** The company hides its prices from Viewers (decision 206). */
  arePricesHiddenFromViewers: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's memberships, once read (`membershipsOf`). */
    memberships: Promise<Membership[]> | null;
  }
  interface FastifyInstance {
    /** Reads a user's memberships (server/http/member-access.ts). */
    readMemberships: (userId: string) => Promise<Membership[]>;
  }
}

export function registerMemberAccess(app: FastifyInstance, { db }: { db: Database }): void {
  app.decorate('readMemberships', (userId: string) => findMemberships(db, userId));
  app.decorateRequest('memberships', null);
}

/** The signed-in caller's memberships, read once per request. */
export function membershipsOf(request: FastifyRequest): Promise<Membership[]> {
  const userId = request.principal?.userId;
  if (!userId) throw unauthorized(SIGNED_OUT_MESSAGE);
  request.memberships ??= request.server.readMemberships(userId);
  return request.memberships;
}

/** "Your role in this company (Viewer) does not allow this." */
export function roleRefusal(role: MemberRole): ApiError {
  return new ApiError(
    403,
    `Your role in this company (${MEMBER_ROLE_LABELS[role]}) does not allow this.`,
  );
}

const NO_COMPANY_MESSAGE = 'You are not a member of a company account.';

/** The check of the route's own permission, before its handler (see the header). */
export async function checkEndpointPermission(
  request: FastifyRequest,
  permission: EndpointPermission,
): Promise<void> {
  if (permission.name === 'account') return;
  const memberships = await membershipsOf(request);
  if (permission.in === 'current') {
    const current = memberships.find((membership) => membership.isCurrent) ?? memberships[0];
    if (!current) throw new ApiError(403, NO_COMPANY_MESSAGE);
    if (!roleCan(current.role, permission.name)) throw roleRefusal(current.role);
    return;
  }
  if (memberships.length === 0) throw new ApiError(403, NO_COMPANY_MESSAGE);
  if (!memberships.some((membership) => roleCan(membership.role, permission.name))) {
    throw roleRefusal(memberships[0]!.role);
  }
}

/**
 * The caller's role in `companyId` when it holds `permission`: 404 when they are not a member of
 * it (its objects do not exist for them), 403 when their role there does not allow it.
 */
export async function requireIn(
  request: FastifyRequest,
  companyId: string,
  permission: Permission,
): Promise<MemberRole> {
  const membership = (await membershipsOf(request)).find((m) => m.companyId === companyId);
  if (!membership) throw notFound();
  if (!roleCan(membership.role, permission)) throw roleRefusal(membership.role);
  return membership.role;
}

/** The companies in which the caller's role holds `permission`. */
export async function companiesWhere(
  request: FastifyRequest,
  permission: Permission,
): Promise<string[]> {
  return (await membershipsOf(request))
    .filter((membership) => roleCan(membership.role, permission))
    .map((membership) => membership.companyId);
}

/**
 * Whether the caller sees the prices and money amounts of `companyId`'s orders, items and links
 * (decision 206): the one place that decides it, from their role there and the company's setting
 * as read for this request. A company they are not a member of shows them nothing anyway.
 */
export async function seesPricesIn(request: FastifyRequest, companyId: string): Promise<boolean> {
  const membership = (await membershipsOf(request)).find((m) => m.companyId === companyId);
  return membership
    ? roleSeesPrices(membership.role, membership.arePricesHiddenFromViewers)
    : false;
}

/**
 * The signed-in caller as a service sees them: who they are, the check of a permission in an
 * object's company (`requireIn`, answering their role there), and whether they see its prices.
 */
export interface Caller {
  userId: string;
  requireIn(companyId: string, permission: Permission): Promise<MemberRole>;
  seesPricesIn(companyId: string): Promise<boolean>;
}

/** The request's caller (see `Caller`). */
export function callerOf(request: FastifyRequest): Caller {
  const userId = request.principal?.userId;
  if (!userId) throw unauthorized(SIGNED_OUT_MESSAGE);
  return {
    userId,
    requireIn: (companyId, permission) => requireIn(request, companyId, permission),
    seesPricesIn: (companyId) => seesPricesIn(request, companyId),
  };
}

/** Of `companyIds`, those whose prices the caller sees (`seesPricesIn`, decision 206). */
export async function priceSight(caller: Caller, companyIds: string[]): Promise<Set<string>> {
  const unique = [...new Set(companyIds)];
  const seen = await Promise.all(unique.map((id) => caller.seesPricesIn(id)));
  return new Set(unique.filter((_, index) => seen[index]));
}
