import { type BuyerProfile, profileEndpoints } from '#contract/profile.ts';
import { apiClient } from '#src/lib/api-client.ts';

export function fetchBuyerProfile(signal?: AbortSignal): Promise<BuyerProfile> {
  return apiClient.call(profileEndpoints.get, { signal });
}
