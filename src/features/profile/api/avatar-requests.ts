import { avatarEndpoints, type AvatarSize, type AvatarUploaded } from '#contract/avatars.ts';
import { notificationEndpoints } from '#contract/notifications.ts';
import type { NotificationPreferences } from '#contract/profile.ts';
import { apiClient } from '#src/lib/api-client.ts';

/** Sends the (already cropped) picture as the signed-in user's avatar. */
export function uploadAvatar(image: Blob, fileName: string): Promise<AvatarUploaded> {
  const file = new File([image], fileName, { type: image.type });
  return apiClient.call(avatarEndpoints.upload, { body: { file } });
}

export async function deleteAvatar(): Promise<void> {
  await apiClient.call(avatarEndpoints.remove, {});
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
  const { blob } = await apiClient.call(avatarEndpoints.image, {
    params: { id: fileId, size },
    signal,
  });
  return blob;
}
