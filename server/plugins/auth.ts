// Authentication of API calls. The access token is read from the `Authorization: Bearer` header
// only: never from cookies or the query string, where it could leak or be sent cross-site.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';

import type { Role } from '#contract/auth.ts';

import { forbidden, unauthorized } from '../http/api-error.ts';
import {
  type AccessTokens,
  type Principal,
  TOKEN_MISSING_MESSAGE,
} from '../modules/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export function decoratePrincipal(app: FastifyInstance): void {
  app.decorateRequest('principal', null);
}

/** Rejects the request with 401 unless it carries a valid access token, and 403 without `role`. */
export function requireRole(tokens: AccessTokens, role: Role): onRequestAsyncHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized(TOKEN_MISSING_MESSAGE);
    request.principal = await tokens.verify(token);
    if (!request.principal.roles.includes(role)) throw forbidden();
  };
}

/** The caller of a public route when it sends a valid access token; null otherwise. */
export async function optionalPrincipal(
  tokens: AccessTokens,
  request: FastifyRequest,
): Promise<Principal | null> {
  const token = bearerToken(request);
  if (!token) return null;
  try {
    return await tokens.verify(token);
  } catch {
    return null;
  }
}

/** The authenticated caller of a route guarded by requireRole. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized(TOKEN_MISSING_MESSAGE);
  return request.principal;
}

function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}
