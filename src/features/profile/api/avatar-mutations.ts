import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BuyerProfile, NotificationPreferences } from '#contract/profile.ts';
import { toast } from '#src/components/toast-store.ts';
import { ApiError } from '#src/lib/api-client.ts';
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
      toast({
        title: PREFERENCES_NOT_SAVED,
        description:
          error instanceof ApiError
            ? error.message
            : 'The change could not reach the server; your previous choice is kept.',
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
