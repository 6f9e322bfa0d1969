import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AVATAR_TYPE_MESSAGE } from '#contract/avatars.ts';
import type { BuyerProfile } from '#contract/profile.ts';
import { type Call, jsonResponse, mockApi } from '#src/test-utils/api.ts';
import { makeBuyerProfile } from '#src/test-utils/factories.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import { profileQueries } from '../api/queries.ts';
import { AvatarCard } from './avatar-card.tsx';
import { ManagerCard } from './manager-card.tsx';
import { NavigationAvatar } from './navigation-avatar.tsx';

const AVATAR_ID = '00000000-0000-4000-8000-0000000000a1';
const MANAGER_AVATAR_ID = '00000000-0000-4000-8000-0000000000b2';

function Card() {
  const profile = useQuery(profileQueries.detail());
  return profile.data ? <AvatarCard profile={profile.data} /> : null;
}

function imageResponse(): Response {
  return new Response(new Uint8Array([0x52, 0x49, 0x46, 0x46]), {
    headers: { 'Content-Type': 'image/webp' },
  });
}

describe('AvatarCard', () => {
  let profile: BuyerProfile;
  let calls: Call[];

  beforeEach(() => {
    profile = makeBuyerProfile({ avatar_file: { id: AVATAR_ID } });
    let next = 0;
    URL.createObjectURL = vi.fn(() => `blob:avatar-${(next += 1)}`);
    URL.revokeObjectURL = vi.fn();
    ({ calls } = mockApi((call) => {
      if (call.url.pathname.startsWith('/api/v1/common/profiles/avatars/')) {
        return call.url.pathname.includes(AVATAR_ID) ||
          call.url.pathname.includes(MANAGER_AVATAR_ID)
          ? imageResponse()
          : jsonResponse({ code: 404, message: 'Not found' }, 404);
      }
      if (call.url.pathname === '/api/v1/common/profiles/avatars' && call.method === 'DELETE') {
        profile = { ...profile, avatar_file: null };
        return new Response(null, { status: 204 });
      }
      return jsonResponse(profile);
    }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the large picture of the buyer', async () => {
    const { container } = renderOnRoute(<Card />);
    await waitFor(() =>
      expect(container.querySelector('img[data-avatar="image"]')).toHaveAttribute(
        'src',
        expect.stringMatching(/^blob:avatar-/),
      ),
    );
    expect(calls.some((call) => call.url.pathname.endsWith(`${AVATAR_ID}/large`))).toBe(true);
    expect(screen.getByRole('button', { name: 'Change picture' })).toBeInTheDocument();
  });

  it('shows the initials without a picture, and offers an upload only', async () => {
    profile = makeBuyerProfile({ avatar_file: null });
    const { container } = renderOnRoute(<Card />);
    expect(await screen.findByRole('button', { name: 'Upload picture' })).toBeInTheDocument();
    expect(container.querySelector('[data-avatar="initials"]')).toHaveTextContent('AB');
    expect(screen.queryByRole('button', { name: 'Remove picture' })).not.toBeInTheDocument();
  });

  it('refuses a file that is not a PNG, JPEG or WebP image before cropping', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderOnRoute(<Card />);
    await screen.findByRole('button', { name: 'Change picture' });
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'me.svg', {
      type: 'image/svg+xml',
    });
    await user.upload(screen.getByLabelText('Picture file'), svg);
    expect(screen.getByText(AVATAR_TYPE_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses a file over 5 MB with the sizes', async () => {
    const user = userEvent.setup();
    renderOnRoute(<Card />);
    await screen.findByRole('button', { name: 'Change picture' });
    const big = new File([new Uint8Array(6 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Picture file'), big);
    expect(
      screen.getByText('The file is too large (6 MB). Allowed maximum size is 5 MB.'),
    ).toBeInTheDocument();
  });

  it('removes the picture after a confirmation and falls back to the initials', async () => {
    const user = userEvent.setup();
    const { container } = renderOnRoute(<Card />);
    await user.click(await screen.findByRole('button', { name: 'Remove picture' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(container.querySelector('[data-avatar="initials"]')).toHaveTextContent('AB'),
    );
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    expect(screen.getByRole('button', { name: 'Upload picture' })).toBeInTheDocument();
  });

  it('gives focus back to the picture button, never to the hidden file input', async () => {
    const user = userEvent.setup();
    renderOnRoute(<Card />);
    const pictureButton = await screen.findByRole('button', { name: 'Change picture' });
    // The browser gives focus back to the input when its file picker closes.
    const fileInput = screen.getByLabelText('Picture file');
    fileInput.focus();
    expect(pictureButton).toHaveFocus();
    const big = new File([new Uint8Array(6 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    fireEvent.change(fileInput, { target: { files: [big] } });
    expect(pictureButton).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove picture' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Upload picture' })).toHaveFocus(),
    );
  });
});

describe('ManagerCard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the manager's picture, or the initials when it cannot be loaded", async () => {
    URL.createObjectURL = vi.fn(() => 'blob:manager');
    mockApi((call) =>
      call.url.pathname.includes(MANAGER_AVATAR_ID)
        ? imageResponse()
        : jsonResponse({ code: 404, message: 'Not found' }, 404),
    );
    const manager = {
      first_name: 'Sophie',
      last_name: 'Martin',
      email: 'sales.manager@example.com',
    };
    const { container } = renderOnRoute(
      <>
        <ManagerCard
          title="Sales manager"
          manager={{ ...manager, avatar_file: { id: MANAGER_AVATAR_ID } }}
        />
        <ManagerCard
          title="Account manager"
          manager={{ ...manager, first_name: 'Lucas', avatar_file: { id: AVATAR_ID } }}
        />
      </>,
    );
    await waitFor(() =>
      expect(container.querySelector('img[data-avatar="image"]')).toHaveAttribute(
        'src',
        'blob:manager',
      ),
    );
    // The other manager's picture answered 404: initials.
    await waitFor(() =>
      expect(container.querySelector('[data-avatar="initials"]')).toHaveTextContent('LM'),
    );
    expect(container.querySelectorAll('img[data-avatar="image"]')).toHaveLength(1);
  });
});

describe('NavigationAvatar', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the buyer's small picture in the navigation", async () => {
    URL.createObjectURL = vi.fn(() => 'blob:nav');
    const { calls } = mockApi((call) =>
      call.url.pathname.startsWith('/api/v1/common/profiles/avatars/')
        ? imageResponse()
        : jsonResponse(makeBuyerProfile({ avatar_file: { id: AVATAR_ID } })),
    );
    const { container } = renderOnRoute(<NavigationAvatar isEnabled />);
    await waitFor(() =>
      expect(container.querySelector('img[data-avatar="image"]')).toHaveAttribute(
        'src',
        'blob:nav',
      ),
    );
    expect(calls.some((call) => call.url.pathname.endsWith(`${AVATAR_ID}/small`))).toBe(true);
  });

  it('asks for nothing for a user without the buyer area', async () => {
    const { calls } = mockApi(() => jsonResponse(makeBuyerProfile()));
    const { container } = renderOnRoute(<NavigationAvatar isEnabled={false} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('[data-avatar]')).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
