// The roles and what they open, without zod: the portal's first load reads them before any
// schema is needed (decision 110).

export const ROLES = [
  'ROLE_ADMIN',
  'ROLE_SUPER_ADMIN',
  'ROLE_REGIONAL_MANAGER',
  'ROLE_ACCOUNT_MANAGER',
  'ROLE_HEAD_ACCOUNT_MANAGER',
  'ROLE_SALES',
  'ROLE_HEAD_SALES',
  'ROLE_OUTREACH',
  'ROLE_BUYER',
] as const;

/** A user counts as a buyer only if a username is present and the roles include ROLE_BUYER (spec §6). */
export function isBuyer(claims: {
  username?: string | null;
  roles?: readonly string[] | null;
}): boolean {
  return (
    Boolean(claims.username) && Array.isArray(claims.roles) && claims.roles.includes('ROLE_BUYER')
  );
}

/** Entry route name of each role group (spec §2); only the buyer maps to the common index. */
export const ENTRY_ROUTE_BY_ROLE: Partial<Record<(typeof ROLES)[number], string>> = {
  ROLE_BUYER: 'index',
  ROLE_ADMIN: 'admin',
  ROLE_SUPER_ADMIN: 'admin',
  ROLE_REGIONAL_MANAGER: 'regional-manager',
  ROLE_ACCOUNT_MANAGER: 'account-manager',
  ROLE_HEAD_ACCOUNT_MANAGER: 'account-manager',
  ROLE_SALES: 'sales',
  ROLE_HEAD_SALES: 'sales',
  ROLE_OUTREACH: 'outreach',
};
