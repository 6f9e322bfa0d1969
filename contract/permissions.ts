// What each member of a company account may do (decision 203): the one table of roles and
// permissions. Every signed-in endpoint names the permission it needs (contract/endpoint.ts); the
// server enforces it on every request (server/http/member-access.ts) and the app hides or disables
// what the member's role does not hold. Without zod: the app's first load reads it.

/** A member's role in one company account, from the most to the least powerful. */
export const MEMBER_ROLES = ['owner', 'admin', 'buyer', 'finance', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const MEMBER_ROLE_LABELS: Record<MemberRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  buyer: 'Buyer',
  finance: 'Finance',
  viewer: 'Viewer',
};

const ALL = MEMBER_ROLES;
const BUYING = ['owner', 'admin', 'buyer'] as const;
const MANAGING = ['owner', 'admin'] as const;
const MONEY = ['owner', 'admin', 'finance'] as const;

/**
 * Each permission and the roles that hold it. `account` is the signed-in person's own account
 * (profile, password, sessions, saved views, company requests) and needs no role. What each one
 * opens, in words, is in `permission-descriptions.ts`: only the Members page reads it.
 */
export const PERMISSIONS = {
  account: { roles: ALL },
  'catalogue.use': { roles: BUYING },
  'cart.use': { roles: BUYING },
  'orders.place': { roles: BUYING },
  'orders.read': { roles: ALL },
  'items.act': { roles: BUYING },
  'links.read': { roles: ALL },
  'links.act': { roles: BUYING },
  'company.read': { roles: ALL },
  'company.edit': { roles: MONEY },
  'billing.read': { roles: MONEY },
  'members.manage': { roles: MANAGING },
  'purchases.approve': { roles: MANAGING },
  'audit.read': { roles: MANAGING },
} as const satisfies Record<string, { roles: readonly MemberRole[] }>;

export type Permission = keyof typeof PERMISSIONS;

/** Whether `role` holds `permission`. */
export function roleCan(role: MemberRole, permission: Permission): boolean {
  return (PERMISSIONS[permission].roles as readonly MemberRole[]).includes(role);
}

/**
 * Whether a member of `role` sees the prices and money amounts of a company's orders, items and
 * links (decision 206): everyone does, but a Viewer of a company that hides prices from Viewers.
 */
export function roleSeesPrices(role: MemberRole, arePricesHiddenFromViewers: boolean): boolean {
  return role !== 'viewer' || !arePricesHiddenFromViewers;
}

/** The roles that hold `permission`. */
export function rolesWith(permission: Permission): readonly MemberRole[] {
  return PERMISSIONS[permission].roles;
}

/**
 * Where an endpoint's permission is checked: in the company the member is working in (the
 * current company account), or in the company of each object it reaches (an order, an item, a
 * document, the company named in the request), which the endpoint's service checks one by one.
 */
export type PermissionScope = 'current' | 'object';

export interface EndpointPermission {
  readonly name: Permission;
  readonly in: PermissionScope;
}

/** The permission of an endpoint that works in the current company. */
export function inCurrent(name: Permission): EndpointPermission {
  return { name, in: 'current' };
}

/** The permission of an endpoint whose service checks it in each object's company. */
export function inObject(name: Permission): EndpointPermission {
  return { name, in: 'object' };
}

/** The signed-in person's own account: no company role needed. */
export const OWN_ACCOUNT: EndpointPermission = { name: 'account', in: 'current' };
