import type { AccessClaims, Role } from '#contract/auth.ts';
import type { BuyerProfile } from '#contract/profile.ts';
import { ENTRY_ROUTE_BY_ROLE, isBuyer } from '#contract/roles.ts';
import type { DeveloperSettings } from '#src/lib/developer-settings.ts';

/** The signed-in user of spec §3, built from the token claims and the buyer profile. */
export interface SignedInUser {
  username: string;
  roles: string[];
  hasAccess: boolean;
  entryRouteName: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  canExportDomains: boolean;
  developerSettings: DeveloperSettings;
}

export function entryRouteName(roles: readonly string[]): string {
  if (roles.includes('ROLE_BUYER')) return 'index';
  for (const role of roles) {
    const entry = ENTRY_ROUTE_BY_ROLE[role as Role];
    if (entry) return entry;
  }
  return 'index';
}

export function buildSignedInUser(
  claims: AccessClaims,
  profile: BuyerProfile | undefined,
  developerSettings: DeveloperSettings,
): SignedInUser {
  return {
    username: claims.username,
    roles: claims.roles,
    hasAccess: isBuyer(claims),
    entryRouteName: entryRouteName(claims.roles),
    firstName: profile?.first_name ?? '',
    lastName: profile?.last_name ?? '',
    email: profile?.email ?? claims.username,
    phone: profile?.phone ?? null,
    canExportDomains: profile?.is_allowed_to_export_sites ?? false,
    developerSettings,
  };
}
