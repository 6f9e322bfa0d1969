import { z } from 'zod';

import { endpoint } from './endpoint.ts';
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

const authentication = { access: 'public', tags: ['Authentication'] } as const;

/** Signing in and out (the app loads these with the token answer's schema, when first needed). */
export const authEndpoints = {
  login: endpoint({
    ...authentication,
    method: 'POST',
    path: '/login_check',
    summary: 'Sign in with e-mail and password',
    body: LoginRequestSchema,
    status: 200,
    response: AuthResponseSchema,
    errors: [400, 401, 429],
  }),
  refresh: endpoint({
    ...authentication,
    method: 'POST',
    path: '/token/refresh',
    summary: 'Exchange a refresh token for a new token pair',
    body: RefreshRequestSchema,
    status: 200,
    response: AuthResponseSchema,
    errors: [400, 401],
  }),
  logout: endpoint({
    ...authentication,
    method: 'POST',
    path: '/logout',
    summary: 'Sign out: the refresh token and every token of its session stop working',
    body: RefreshRequestSchema,
    status: 204,
    response: z.null().describe('Signed out'),
    errors: [400],
  }),
};
