import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { CodeIcon, UserIcon, UsersIcon } from '#src/components/icons.tsx';
import { MenuPortal } from '#src/components/menu-portal.tsx';
import { MenuPortalGroup } from '#src/components/menu-portal-group.tsx';
import { paths } from '#src/config/paths.ts';

const menuItemClasses =
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900';

/**
 * The top bar's settings menu (profile, the company's members and audit log for those whose role
 * holds them, developer settings). Loaded on first use (decision 156).
 */
export function SettingsMenu({
  buttonClass,
  buttonContent,
  buttonDescribedBy,
  buttonRef,
  companyLinks,
  offersDeveloperSettings,
  onDeveloperSettings,
}: {
  buttonClass: string;
  buttonContent: ReactNode;
  /** The id of what describes the button (purchase requests waiting), if any. */
  buttonDescribedBy?: string | undefined;
  buttonRef: (element: HTMLElement | null) => void;
  companyLinks: readonly { to: string; label: ReactNode }[];
  offersDeveloperSettings: boolean;
  onDeveloperSettings: () => void;
}) {
  return (
    <Menu as="div" className="relative">
      <MenuButton ref={buttonRef} className={buttonClass} aria-describedby={buttonDescribedBy}>
        {buttonContent}
      </MenuButton>
      <MenuPortal>
        <MenuPortalGroup>
          <MenuItems
            anchor="bottom end"
            modal={false}
            className="z-50 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-1 shadow-lg focus:outline-none"
          >
            <MenuItem>
              <Link to={paths.profile} className={menuItemClasses}>
                <UserIcon className="size-4 text-slate-500" />
                Profile
              </Link>
            </MenuItem>
            {companyLinks.map((link) => (
              <MenuItem key={link.to}>
                <Link to={link.to} className={menuItemClasses}>
                  <UsersIcon className="size-4 text-slate-500" />
                  {link.label}
                </Link>
              </MenuItem>
            ))}
            {offersDeveloperSettings ? (
              <MenuItem>
                <button type="button" className={menuItemClasses} onClick={onDeveloperSettings}>
                  <CodeIcon className="size-4 text-slate-500" />
                  Developer settings
                </button>
              </MenuItem>
            ) : null}
          </MenuItems>
        </MenuPortalGroup>
      </MenuPortal>
    </Menu>
  );
}
