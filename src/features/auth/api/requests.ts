import type { AuthResponse, LoginRequest } from '#contract/auth.ts';
import type {
  PasswordResetComplete,
  PasswordResetRequest,
  RegistrationRequest,
} from '#contract/public-auth.ts';
import { apiClient } from '#src/lib/api-client.ts';

/**
 * The sign-in and public endpoints, loaded with zod when first called: the sign-in pages and
 * every page's session code run without zod until then (decision 150).
 */
const loadAuthEndpoints = () => import('#contract/auth.ts').then((module) => module.authEndpoints);
const loadPublicEndpoints = () =>
  import('#contract/public-auth.ts').then((module) => module.publicAuthEndpoints);

export async function login(credentials: LoginRequest): Promise<AuthResponse> {
  return apiClient.call((await loadAuthEndpoints()).login, { body: credentials });
}

/** The access token may already be expired here: a public endpoint is sent no Bearer header. */
export async function refreshTokens(refreshToken: string): Promise<AuthResponse> {
  const endpoints = await loadAuthEndpoints();
  return apiClient.call(endpoints.refresh, { body: { refresh_token: refreshToken } });
}

/** Ends the session on the server: the refresh token and its whole family stop working. */
export async function revokeSession(refreshToken: string): Promise<void> {
  const endpoints = await loadAuthEndpoints();
  await apiClient.call(endpoints.logout, { body: { refresh_token: refreshToken } });
}

export async function register(request: RegistrationRequest): Promise<void> {
  await apiClient.call((await loadPublicEndpoints()).register, { body: request });
}

export async function confirmRegistration(token: string): Promise<void> {
  await apiClient.call((await loadPublicEndpoints()).confirmRegistration, { params: { token } });
}

export async function requestPasswordReset(request: PasswordResetRequest): Promise<void> {
  await apiClient.call((await loadPublicEndpoints()).requestPasswordReset, { body: request });
}

/** Resolves when the mailed reset link can still be used; a 404 ApiError when it cannot. */
export async function checkPasswordResetLink(token: string, signal?: AbortSignal): Promise<void> {
  const endpoints = await loadPublicEndpoints();
  await apiClient.call(endpoints.checkPasswordReset, { params: { token }, signal });
}

export async function completePasswordReset(
  token: string,
  request: PasswordResetComplete,
): Promise<void> {
  const endpoints = await loadPublicEndpoints();
  await apiClient.call(endpoints.resetPassword, { params: { token }, body: request });
}
