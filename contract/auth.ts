import { z } from 'zod';
import { ROLES } from './roles.ts';

export { ENTRY_ROUTE_BY_ROLE, isBuyer, ROLES } from './roles.ts';

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
