import type { BuyerProfile } from '#contract/profile.ts';
import {
  accountSettingsEndpoints as endpoints,
  type EmailChangeAccepted,
  type EmailChangeConfirmed,
  type EmailChangeRequest,
  type PasswordChange,
  type ProfileDetailsUpdate,
} from '#contract/profile-settings.ts';
import { apiClient } from '#src/lib/api-client.ts';

export function updateProfileDetails(details: ProfileDetailsUpdate): Promise<BuyerProfile> {
  return apiClient.call(endpoints.updateDetails, { body: details });
}

export function requestEmailChange(request: EmailChangeRequest): Promise<EmailChangeAccepted> {
  return apiClient.call(endpoints.requestEmailChange, { body: request });
}

/** Public: the link may be opened on a device that is not signed in. */
export function confirmEmailChange(token: string): Promise<EmailChangeConfirmed> {
  return apiClient.call(endpoints.confirmEmailChange, { params: { token } });
}

/** Multipart, as spec §7 says. */
export async function changePassword(change: PasswordChange): Promise<void> {
  await apiClient.call(endpoints.changePassword, { body: change });
}
