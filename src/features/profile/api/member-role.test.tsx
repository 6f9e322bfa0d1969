import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

import {
  MEMBER_ROLES,
  type MemberRole,
  type Permission,
  PERMISSIONS,
  roleCan,
} from '#contract/permissions.ts';
import { COMPANY_ID, makeBuyerProfile } from '#src/test-utils/factories.ts';
import { createTestQueryClient } from '#src/test-utils/render.tsx';

import { profileQueries, useMemberRole } from './queries.ts';

function profileWith(currentRole: MemberRole) {
  const profile = makeBuyerProfile();
  const current = profile.accounts[0]!;
  return {
    ...profile,
    accounts: [
      {
        ...current,
        is_current: false,
        role: 'owner' as const,
        id: '00000000-0000-4000-8000-000000000299',
        company: { id: '00000000-0000-4000-8000-000000000298', title: 'Other' },
      },
      { ...current, role: currentRole },
    ],
  };
}

function renderRole(seed?: MemberRole) {
  const queryClient = createTestQueryClient();
  if (seed) queryClient.setQueryData(profileQueries.detail().queryKey, profileWith(seed));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { ...renderHook(() => useMemberRole(), { wrapper }), queryClient };
}

describe('useMemberRole', () => {
  it.each(MEMBER_ROLES)(
    'gives the current company’s role %s and what the table lets it do',
    (role) => {
      const { result } = renderRole(role);
      expect(result.current.role).toBe(role);
      expect(result.current.companyId).toBe(COMPANY_ID);
      for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
        expect(result.current.can(permission)).toBe(roleCan(role, permission));
      }
    },
  );

  it('answers as for a Buyer until the profile is read, and follows it once it is', async () => {
    const { result, queryClient } = renderRole();
    expect(result.current.role).toBeNull();
    expect(result.current.can('cart.use')).toBe(true);
    expect(result.current.can('members.manage')).toBe(false);
    act(() => {
      queryClient.setQueryData(profileQueries.detail().queryKey, profileWith('viewer'));
    });
    await waitFor(() => expect(result.current.role).toBe('viewer'));
    expect(result.current.can('cart.use')).toBe(false);
    expect(result.current.can('orders.read')).toBe(true);
  });
});
