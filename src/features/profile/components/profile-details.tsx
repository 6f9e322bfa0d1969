import type { ReactNode } from 'react';

import type { BuyerProfile } from '#contract/profile.ts';
import { Badge } from '#src/components/badge.tsx';
import { Card, CardHeader } from '#src/components/card.tsx';
import { fullName } from '#src/utils/format.ts';

import { PersonAvatar } from './person-avatar.tsx';

const ROLE_LABELS: Record<string, string> = {
  ROLE_BUYER: 'Buyer',
  ROLE_ADMIN: 'Admin',
  ROLE_SUPER_ADMIN: 'Super admin',
  ROLE_REGIONAL_MANAGER: 'Regional manager',
  ROLE_ACCOUNT_MANAGER: 'Account manager',
  ROLE_HEAD_ACCOUNT_MANAGER: 'Head account manager',
  ROLE_SALES: 'Sales',
  ROLE_HEAD_SALES: 'Head of sales',
  ROLE_OUTREACH: 'Outreach',
};

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
        <Row term="Roles">
          <span className="flex flex-wrap gap-1.5">
            {profile.roles.map((role) => (
              <Badge key={role} variant="secondary">
                {ROLE_LABELS[role] ?? role}
              </Badge>
            ))}
          </span>
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
