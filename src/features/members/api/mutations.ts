import { useMutation, useQueryClient } from '@tanstack/react-query';

import type {
  InvitationCreate,
  InvitationRegistration,
  MemberUpdate,
  TeamSettings,
} from '#contract/members.ts';
import { profileQueries } from '#src/features/profile/api/queries.ts';
import { toast } from '#src/lib/toast-store.ts';

import { memberQueries } from './queries.ts';
import {
  acceptInvitation,
  createInvitation,
  registerWithInvitation,
  removeMember,
  revokeInvitation,
  saveTeamSettings,
  updateMember,
} from './requests.ts';

/** A member's new role or limit; the list (and the record) are read again afterwards. */
export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['team', 'members', 'update'],
    mutationFn: ({ id, ...body }: MemberUpdate & { id: string }) => updateMember(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberQueries.all() }),
    meta: { successMessage: 'The member has been updated.' },
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['team', 'members', 'remove'],
    mutationFn: (id: string) => removeMember(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberQueries.all() }),
    meta: { successMessage: 'The member has been removed.' },
  });
}

/** The invite dialog shows the server's refusal beside its fields. */
export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['team', 'invitations', 'create'],
    mutationFn: ({ body, idempotencyKey }: { body: InvitationCreate; idempotencyKey: string }) =>
      createInvitation(body, idempotencyKey),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberQueries.all() }),
    meta: { errorToast: false },
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['team', 'invitations', 'revoke'],
    mutationFn: (id: string) => revokeInvitation(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberQueries.all() }),
    meta: { successMessage: 'The invitation has been revoked.' },
  });
}

/** Says what the saved setting now means, like the other changes on the page. */
export function useSaveTeamSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['team', 'settings', 'save'],
    mutationFn: (settings: TeamSettings) => saveTeamSettings(settings),
    onSuccess: (saved) =>
      toast({
        title: 'Success',
        description: saved.are_prices_hidden_from_viewers
          ? 'Prices are now hidden from Viewers.'
          : 'Viewers now see prices.',
        variant: 'success',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberQueries.all() }),
  });
}

/** Joins the company; it becomes the current one, so everything read for the old one goes. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['team', 'invitations', 'accept'],
    mutationFn: (token: string) => acceptInvitation(token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueries.all() }),
    meta: { errorToast: false },
  });
}

/** Registers with the invitation; the caller signs in with the returned tokens. */
export function useRegisterWithInvitation() {
  return useMutation({
    mutationKey: ['team', 'invitations', 'register'],
    mutationFn: ({ token, ...body }: InvitationRegistration & { token: string }) =>
      registerWithInvitation(token, body),
    meta: { errorToast: false },
  });
}
