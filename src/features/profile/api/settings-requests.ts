import { BuyerProfileSchema, type BuyerProfile } from '#contract/profile.ts';
import {
  EmailChangeAcceptedSchema,
  EmailChangeConfirmedSchema,
  type EmailChangeAccepted,
  type EmailChangeConfirmed,
  type EmailChangeRequest,
  type PasswordChange,
  type ProfileDetailsUpdate,
} from '#contract/profile-settings.ts';
import { apiClient } from '#src/lib/api-client.ts';

export function updateProfileDetails(details: ProfileDetailsUpdate): Promise<BuyerProfile> {
  return apiClient.request('/v1/buyer/profiles', {
    method: 'PUT',
    body: details,
    schema: BuyerProfileSchema,
  });
}

export function requestEmailChange(request: EmailChangeRequest): Promise<EmailChangeAccepted> {
  return apiClient.request('/v1/buyer/profiles/email-changes', {
    method: 'POST',
    body: request,
    schema: EmailChangeAcceptedSchema,
  });
}

/** Public: the link may be opened on a device that is not signed in. */
export function confirmEmailChange(token: string): Promise<EmailChangeConfirmed> {
  return apiClient.request(`/v1/public/email-changes/confirmations/${encodeURIComponent(token)}`, {
    method: 'POST',
    schema: EmailChangeConfirmedSchema,
    auth: false,
  });
}

/** Multipart, as spec §7 says. */
export async function changePassword(change: PasswordChange): Promise<void> {
  const form = new FormData();
  form.set('current_password', change.current_password);
  form.set('new_password', change.new_password);
  await apiClient.request('/v1/common/profiles/passwords/changes', { method: 'PUT', body: form });
}
