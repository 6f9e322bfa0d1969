import { useMutation } from '@tanstack/react-query';

import type { LoginRequest } from '#contract/auth.ts';
import type {
  PasswordResetComplete,
  PasswordResetRequest,
  RegistrationRequest,
} from '#contract/public-auth.ts';

import { useSessionManager } from '../session-context.tsx';
import {
  completePasswordReset,
  confirmRegistration,
  login,
  register,
  requestPasswordReset,
} from './requests.ts';

/** Forms show their own errors next to the fields, so the global error toast is off for these. */
const formMeta = { errorToast: false } as const;

export function useLoginMutation() {
  const session = useSessionManager();
  return useMutation({
    mutationKey: ['auth', 'login'],
    mutationFn: async (credentials: LoginRequest) => {
      const tokens = await login(credentials);
      await session.signIn(tokens);
    },
    meta: formMeta,
  });
}

export function useRegisterMutation() {
  return useMutation({
    mutationKey: ['auth', 'register'],
    mutationFn: (request: RegistrationRequest) => register(request),
    meta: formMeta,
  });
}

export function useConfirmRegistrationMutation() {
  return useMutation({
    mutationKey: ['auth', 'confirm-registration'],
    mutationFn: (token: string) => confirmRegistration(token),
    meta: formMeta,
  });
}

export function useRequestPasswordResetMutation() {
  return useMutation({
    mutationKey: ['auth', 'request-password-reset'],
    mutationFn: (request: PasswordResetRequest) => requestPasswordReset(request),
    meta: formMeta,
  });
}

export function useCompletePasswordResetMutation() {
  return useMutation({
    mutationKey: ['auth', 'complete-password-reset'],
    mutationFn: ({ token, ...request }: PasswordResetComplete & { token: string }) =>
      completePasswordReset(token, request),
    meta: formMeta,
  });
}
