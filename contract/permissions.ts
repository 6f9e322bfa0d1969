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
 * Each permission: who holds it and what it opens. `account` is the signed-in person's own
 * account (profile, password, sessions, saved views, company requests) and needs no role.
 */
export const PERMISSIONS = {
  account: { roles: ALL, opens: 'Their own profile, sign-in, sessions and saved views' },
  'catalogue.use': {
    roles: BUYING,
    opens:
      'The catalogue, favourites and blacklist, domains and their imports, content guidelines, exports of sites, strategy requests',
  },
  'cart.use': { roles: BUYING, opens: 'Their own cart' },
  'orders.place': {
    roles: BUYING,
    opens: 'Placing an order for the company (a Buyer within their monthly limit)',
  },
  'orders.read': { roles: ALL, opens: "The company's orders and their items" },
  'items.act': {
    roles: BUYING,
    opens:
      'Topics, content, feedback, edits and cancelling of order items (a Buyer: of the orders they placed)',
  },
  'links.read': { roles: ALL, opens: 'Live links and link monitoring' },
  'links.act': { roles: BUYING, opens: 'Checking a live link now and asking for a remedy' },
  'company.read': { roles: ALL, opens: "The company's details" },
  'company.edit': { roles: MONEY, opens: "Changing the company's details" },
  'billing.read': {
    roles: MONEY,
    opens: 'Invoices, credit notes, credits and the pay-by-bill limit',
  },
  'members.manage': {
    roles: MANAGING,
    opens:
      'Members, their roles and limits, invitations (only an Owner removes or demotes an Owner)',
  },
  'purchases.approve': { roles: MANAGING, opens: 'Approving or declining purchase requests' },
  'audit.read': { roles: MANAGING, opens: "The company's record of who did what" },
} as const satisfies Record<string, { roles: readonly MemberRole[]; opens: string }>;

export type Permission = keyof typeof PERMISSIONS;

/** Whether `role` holds `permission`. */
export function roleCan(role: MemberRole, permission: Permission): boolean {
  return (PERMISSIONS[permission].roles as readonly MemberRole[]).includes(role);
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
