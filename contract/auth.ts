import { z } from 'zod';

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
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const LoginRequestSchema = z.object({
  username: z.string().trim().min(1, 'Required').max(254),
  password: z.string().min(1, 'Required').max(1024),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const RefreshRequestSchema = z.object({
  refresh_token: z.string().min(1, 'Required').max(512),
});
export type RefreshRequest = z.infer<typeof RefreshRequestSchema>;

export const AuthResponseSchema = z.object({
  token: z.string(),
  refresh_token: z.string(),
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/** Claims of the access token (a signed JWT). */
export const AccessClaimsSchema = z.object({
  username: z.string(),
  roles: z.array(z.string()),
  exp: z.number(),
});
export type AccessClaims = z.infer<typeof AccessClaimsSchema>;

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
export const ENTRY_ROUTE_BY_ROLE: Partial<Record<Role, string>> = {
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
