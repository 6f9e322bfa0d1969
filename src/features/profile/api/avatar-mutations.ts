import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { BuyerProfile, NotificationPreferences } from '#contract/profile.ts';
import { ApiError, NetworkError } from '#src/lib/api-client.ts';
import { NEEDS_CONNECTION_TITLE } from '#src/lib/query-client.ts';
import { toast } from '#src/lib/toast-store.ts';

import { deleteAvatar, saveNotificationPreferences, uploadAvatar } from './avatar-requests.ts';
import { profileQueries } from './queries.ts';

export const avatarMutationKeys = {
  upload: ['profile', 'avatar', 'upload'] as const,
  remove: ['profile', 'avatar', 'remove'] as const,
  preferences: ['profile', 'notification-preferences'] as const,
};

/** Uploads the cropped picture; the dialog shows a refusal itself. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: avatarMutationKeys.upload,
    mutationFn: ({ image, fileName }: { image: Blob; fileName: string }) =>
      uploadAvatar(image, fileName),
    meta: { errorToast: false, successMessage: 'Your picture has been saved.' },
    onSuccess: ({ avatar_file }) => {
      queryClient.setQueryData(profileQueries.detail().queryKey, (profile) =>
        profile ? { ...profile, avatar_file } : profile,
      );
      return queryClient.invalidateQueries({ queryKey: profileQueries.all() });
    },
  });
}

export function useDeleteAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: avatarMutationKeys.remove,
    mutationFn: deleteAvatar,
    meta: { successMessage: 'Your picture has been removed.' },
    onSuccess: () => {
      queryClient.setQueryData(profileQueries.detail().queryKey, (profile) =>
        profile ? { ...profile, avatar_file: null } : profile,
      );
      return queryClient.invalidateQueries({ queryKey: profileQueries.all() });
    },
  });
}

export const PREFERENCES_SAVED = 'Notification preferences saved';
export const PREFERENCES_NOT_SAVED = 'Notification preferences not saved';
/** Said before trying offline, and when a change got no answer: nothing was changed. */
export const PREFERENCES_NEED_CONNECTION =
  'You are offline, so your notification preferences were not changed. Try again once you are back online.';

/** Tells the buyer a preference cannot change now (offline); the switch stays as it was. */
export function sayPreferencesNeedConnection(): void {
  toast({ title: NEEDS_CONNECTION_TITLE, description: PREFERENCES_NEED_CONNECTION });
}

/**
 * Saves one switch at once: the profile shows the new value before the answer, and gets the old
 * one back (with a toast saying so) when the call fails.
 */
export function useSaveNotificationPreference() {
  const queryClient = useQueryClient();
  const key = profileQueries.detail().queryKey;
  return useMutation({
    mutationKey: avatarMutationKeys.preferences,
    mutationFn: (preferences: NotificationPreferences) => saveNotificationPreferences(preferences),
    meta: { errorToast: false },
    onMutate: async (preferences) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<BuyerProfile>(key);
      queryClient.setQueryData(key, (profile) =>
        profile ? { ...profile, notification_preferences: preferences } : profile,
      );
      return { previous };
    },
    onError: (error, _preferences, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      if (error instanceof NetworkError) {
        sayPreferencesNeedConnection();
        return;
      }
      toast({
        title: PREFERENCES_NOT_SAVED,
        description: error instanceof ApiError ? error.message : 'Your previous choice is kept.',
        variant: 'destructive',
      });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, (profile) =>
        profile ? { ...profile, notification_preferences: saved } : profile,
      );
      toast({ title: PREFERENCES_SAVED, variant: 'success' });
    },
  });
}
