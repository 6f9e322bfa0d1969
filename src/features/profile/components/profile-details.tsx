import type { ReactNode } from 'react';

import { MEMBER_ROLE_LABELS } from '#contract/permissions.ts';
import type { BuyerProfile } from '#contract/profile.ts';
import { Badge } from '#src/components/badge.tsx';
import { Card, CardHeader } from '#src/components/card.tsx';
import { fullName } from '#src/utils/format.ts';

import { PersonAvatar } from './person-avatar.tsx';

/** "Owner of Acme GmbH": the member's role in each company account, the current one first. */
function companyRoles(profile: BuyerProfile): string[] {
  const accounts = [...profile.accounts].sort(
    (a, b) => Number(b.is_current) - Number(a.is_current),
  );
  return accounts.map(
    (account) => `${MEMBER_ROLE_LABELS[account.role]} of ${account.company.title}`,
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 px-5 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{term}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

export function ProfileDetails({ profile }: { profile: BuyerProfile }) {
  return (
    <Card>
      <CardHeader title="Details" />
      <div className="flex items-center gap-4 px-5 pt-5">
        <PersonAvatar person={profile} size="lg" />
        <div>
          <p className="text-lg font-semibold text-slate-900">{fullName(profile)}</p>
          <p className="text-sm text-slate-500">{profile.username}</p>
        </div>
      </div>
      <dl className="mt-3 divide-y divide-slate-100">
        <Row term="Email">{profile.email}</Row>
        {/* The role in each company, not the platform role: every user of the portal is a buyer. */}
        <Row term={profile.accounts.length > 1 ? 'Roles' : 'Role'}>
          {profile.accounts.length === 0 ? (
            'No company account yet'
          ) : (
            <ul className="space-y-0.5">
              {companyRoles(profile).map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          )}
        </Row>
        <Row term="Domain export">
          {profile.is_allowed_to_export_sites ? (
            <Badge variant="success">Allowed</Badge>
          ) : (
            <Badge variant="secondary">Not allowed</Badge>
          )}
        </Row>
      </dl>
    </Card>
  );
}
