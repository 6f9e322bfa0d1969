import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makeBuyerProfile } from '#src/test-utils/factories.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import { ProfileDetails } from './profile-details.tsx';

const account = makeBuyerProfile().accounts[0]!;

describe('profile details', () => {
  it('names the role in the current company, not the platform role', () => {
    renderOnRoute(
      <ProfileDetails
        profile={makeBuyerProfile({ accounts: [{ ...account, role: 'finance' }] })}
      />,
    );
    const role = screen.getByText('Role').nextElementSibling as HTMLElement;
    expect(within(role).getByText('Finance of Acme GmbH')).toBeVisible();
    expect(screen.queryByText('Buyer')).toBeNull();
  });

  it('lists the role in every company, the current one first', () => {
    const other = {
      ...account,
      id: '00000000-0000-4000-8000-000000000202',
      company: { id: '00000000-0000-4000-8000-0000000c0002', title: 'Beta Ltd' },
      is_current: false,
      role: 'viewer' as const,
    };
    renderOnRoute(
      <ProfileDetails
        profile={makeBuyerProfile({ accounts: [other, { ...account, role: 'owner' }] })}
      />,
    );
    const roles = screen.getByText('Roles').nextElementSibling as HTMLElement;
    expect(
      within(roles)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Owner of Acme GmbH', 'Viewer of Beta Ltd']);
  });
});
