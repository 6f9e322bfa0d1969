import {
  avatarPath,
  AvatarUploadedSchema,
  type AvatarSize,
  type AvatarUploaded,
} from '#contract/avatars.ts';
import { notificationEndpoints } from '#contract/notifications.ts';
import type { NotificationPreferences } from '#contract/profile.ts';
import { ApiError, apiClient, apiUrl, NetworkError } from '#src/lib/api-client.ts';
import { getDeveloperSettings } from '#src/lib/developer-settings.ts';
import { sessionStore } from '#src/lib/session-store.ts';

/** Sends the (already cropped) picture as the signed-in user's avatar. */
export function uploadAvatar(image: Blob, fileName: string): Promise<AvatarUploaded> {
  const form = new FormData();
  form.set('file', image, fileName);
  return apiClient.request('/v1/common/profiles/avatars', {
    method: 'PUT',
    body: form,
    schema: AvatarUploadedSchema,
  });
}

export async function deleteAvatar(): Promise<void> {
  await apiClient.request('/v1/common/profiles/avatars', { method: 'DELETE' });
}

export function saveNotificationPreferences(
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  return apiClient.call(notificationEndpoints.setPreferences, { body: preferences });
}

/**
 * An avatar image as a Blob. It needs the access token, so an <img> cannot load it by itself;
 * the answer is cached by the browser for good (an avatar id never changes its image).
 */
export async function fetchAvatarImage(
  fileId: string,
  size: AvatarSize,
  signal?: AbortSignal,
): Promise<Blob> {
  const headers = new Headers();
  const token = sessionStore.read().accessToken;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const origin = getDeveloperSettings().customHeaderXOrigin;
  if (origin) headers.set('X-Origin', origin);
  let response: Response;
  try {
    response = await fetch(apiUrl(avatarPath(fileId, size)), {
      headers,
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError(error);
  }
  if (!response.ok) throw new ApiError(response.status, await response.text().catch(() => ''));
  return response.blob();
}
