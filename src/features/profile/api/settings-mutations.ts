import { useMutation, useQueryClient } from '@tanstack/react-query';

import type {
  EmailChangeRequest,
  PasswordChange,
  ProfileDetailsUpdate,
} from '#contract/profile-settings.ts';

import { profileQueries } from './queries.ts';
import {
  changePassword,
  confirmEmailChange,
  requestEmailChange,
  updateProfileDetails,
} from './settings-requests.ts';

/** Forms show their own errors next to the fields, so the global error toast is off for these. */
const formMeta = { errorToast: false } as const;

/** Saves the details; the answer is the whole profile, so the header's name follows at once. */
export function useUpdateProfileDetailsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['profile', 'details'],
    mutationFn: (details: ProfileDetailsUpdate) => updateProfileDetails(details),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueries.detail().queryKey, profile);
    },
    meta: formMeta,
  });
}

export function useRequestEmailChangeMutation() {
  return useMutation({
    mutationKey: ['profile', 'email-change'],
    mutationFn: (request: EmailChangeRequest) => requestEmailChange(request),
    meta: formMeta,
  });
}

export function useConfirmEmailChangeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['profile', 'email-change-confirmation'],
    mutationFn: (token: string) => confirmEmailChange(token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueries.all() }),
    meta: formMeta,
  });
}

export function useChangePasswordMutation() {
  return useMutation({
    mutationKey: ['profile', 'password-change'],
    mutationFn: (change: PasswordChange) => changePassword(change),
    meta: formMeta,
  });
}
