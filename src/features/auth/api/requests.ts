import type { AuthResponse, LoginRequest } from '#contract/auth.ts';
import type {
  PasswordResetComplete,
  PasswordResetRequest,
  RegistrationRequest,
} from '#contract/public-auth.ts';
import { apiClient } from '#src/lib/api-client.ts';

/**
 * The token answer's schema, loaded with zod when first needed: the sign-in page and every
 * page's session code run without zod until then (decision 150).
 */
export const loadAuthResponseSchema = () =>
  import('#contract/auth.ts').then((module) => module.AuthResponseSchema);

export async function login(credentials: LoginRequest): Promise<AuthResponse> {
  return apiClient.request('/login_check', {
    method: 'POST',
    body: credentials,
    schema: await loadAuthResponseSchema(),
    auth: false,
  });
}

/** The access token may already be expired here, so no Bearer header is sent. */
export async function refreshTokens(refreshToken: string): Promise<AuthResponse> {
  return apiClient.request('/token/refresh', {
    method: 'POST',
    body: { refresh_token: refreshToken },
    schema: await loadAuthResponseSchema(),
    auth: false,
  });
}

/** Ends the session on the server: the refresh token and its whole family stop working. */
export async function revokeSession(refreshToken: string): Promise<void> {
  await apiClient.request('/logout', {
    method: 'POST',
    body: { refresh_token: refreshToken },
    auth: false,
  });
}

export async function register(request: RegistrationRequest): Promise<void> {
  await apiClient.request('/v1/public/registrations', {
    method: 'POST',
    body: request,
    auth: false,
  });
}

export async function confirmRegistration(token: string): Promise<void> {
  await apiClient.request(`/v1/public/registrations/confirmations/${encodeURIComponent(token)}`, {
    method: 'POST',
    auth: false,
  });
}

export async function requestPasswordReset(request: PasswordResetRequest): Promise<void> {
  await apiClient.request('/v1/public/passwords/resets', {
    method: 'POST',
    body: request,
    auth: false,
  });
}

/** Resolves when the mailed reset link can still be used; a 404 ApiError when it cannot. */
export async function checkPasswordResetLink(token: string, signal?: AbortSignal): Promise<void> {
  await apiClient.request(`/v1/public/passwords/resets/${encodeURIComponent(token)}`, {
    auth: false,
    signal,
  });
}

export async function completePasswordReset(
  token: string,
  request: PasswordResetComplete,
): Promise<void> {
  await apiClient.request(`/v1/public/passwords/resets/${encodeURIComponent(token)}`, {
    method: 'PUT',
    body: request,
    auth: false,
  });
}
