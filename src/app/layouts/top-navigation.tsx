import {
  CloseButton,
  Disclosure,
  DisclosureButton,
  DisclosurePanel,
  Menu,
  MenuButton,
  MenuItem,
  MenuItems,
  useClose,
} from '@headlessui/react';
import { lazy, useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import {
  ChevronDownIcon,
  CloseIcon,
  CodeIcon,
  LogOutIcon,
  MenuIcon,
  UserIcon,
} from '#src/components/icons.tsx';
import { MenuPortal } from '#src/components/menu-portal.tsx';
import { OpenedLazily } from '#src/components/opened-lazily.tsx';
import { paths } from '#src/config/paths.ts';
import { useSessionManager } from '#src/features/auth/session-context.tsx';
import { CartIndicator } from '#src/features/cart/components/cart-indicator.tsx';
import { useFollowLinkHealth } from '#src/features/link-monitoring/api/follow-link-health.ts';
import { OpenIssuesCount } from '#src/features/link-monitoring/components/open-issues-count.tsx';
import { NavigationAvatar } from '#src/features/profile/components/navigation-avatar.tsx';
import { areDeveloperSettingsOffered } from '#src/lib/developer-settings.ts';
import { cx } from '#src/utils/class-names.ts';
import { useCurrentUser } from '../hooks/use-current-user.ts';
import { BrandLink } from './brand.tsx';

// Loaded when first opened, with its form (decision 110).
const DeveloperSettingsDialog = lazy(() =>
  import('#src/features/developer-settings/components/developer-settings-dialog.tsx').then(
    (module) => ({ default: module.DeveloperSettingsDialog }),
  ),
);

const NAV_ITEMS = [
  { to: paths.domains, label: 'Domains', end: false },
  { to: paths.index, label: 'Home page', end: true },
  { to: paths.orders, label: 'Orders', end: false },
  { to: paths.linkMonitoring, label: 'Link monitoring', end: false },
  { to: paths.contentGuidelines, label: 'Content guidelines', end: false },
  { to: paths.companies, label: 'Companies', end: false },
] as const;

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

// No colour transition: on a change of page the old and the new section faded at once, and for
// a moment both looked current.
const desktopLink = ({ isActive }: { isActive: boolean }) =>
  cx(
    'rounded-md px-2.5 py-2 text-sm font-medium whitespace-nowrap',
    focusRing,
    isActive
      ? 'bg-indigo-50 text-indigo-700'
      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  );

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  cx(
    'block rounded-md px-3 py-2 text-base font-medium',
    focusRing,
    isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100',
  );

const menuItemClasses =
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900';

/** The default layout's top bar: main sections, settings menu and log out; collapses below md. */
export function TopNavigation() {
  const session = useSessionManager();
  const user = useCurrentUser();
  const [settingsOpen, setSettingsOpen] = useState(false);
  useFollowLinkHealth();
  // Read on each render: cheap, and a developer who switches it on sees it after the next one.
  const offersDeveloperSettings = areDeveloperSettingsOffered();
  const displayName =
    user && (user.firstName || user.lastName)
      ? `${user.firstName} ${user.lastName}`.trim()
      : user?.username;

  return (
    <>
      <Disclosure
        as="header"
        className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur"
      >
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6 lg:px-8">
          <BrandLink />
          <nav aria-label="Main" className="hidden flex-1 xl:block">
            <ul className="flex items-center gap-1">
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className={desktopLink}>
                    {item.label}
                    {item.to === paths.linkMonitoring ? <OpenIssuesCount /> : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto hidden items-center gap-2 xl:flex">
            <CartIndicator />
            <Menu as="div" className="relative">
              <MenuButton
                className={cx(
                  'flex items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100',
                  focusRing,
                )}
              >
                <NavigationAvatar isEnabled={user?.hasAccess ?? false} />
                <span className="sr-only max-w-40 truncate 2xl:not-sr-only">
                  {displayName ?? 'Settings'}
                </span>
                <span className="sr-only">, settings</span>
                <ChevronDownIcon className="size-4 text-slate-400" />
              </MenuButton>
              <MenuPortal>
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
                  {offersDeveloperSettings ? (
                    <MenuItem>
                      <button
                        type="button"
                        className={menuItemClasses}
                        onClick={() => setSettingsOpen(true)}
                      >
                        <CodeIcon className="size-4 text-slate-500" />
                        Developer settings
                      </button>
                    </MenuItem>
                  ) : null}
                </MenuItems>
              </MenuPortal>
            </Menu>
            <button
              type="button"
              onClick={() => void session.logout()}
              className={cx(
                'flex items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm font-medium whitespace-nowrap text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                focusRing,
              )}
            >
              <LogOutIcon className="size-4" />
              Log out
            </button>
          </div>
          <CartIndicator className="ml-auto xl:hidden" />
          <DisclosureButton
            className={cx(
              'group rounded-md p-2 text-slate-600 hover:bg-slate-100 xl:hidden',
              focusRing,
            )}
          >
            <span className="sr-only group-data-open:hidden">Open main menu</span>
            <span className="sr-only hidden group-data-open:inline">Close main menu</span>
            <MenuIcon className="size-6 group-data-open:hidden" />
            <CloseIcon className="hidden size-6 group-data-open:block" />
          </DisclosureButton>
        </div>
        <DisclosurePanel className="border-t border-slate-200 bg-white xl:hidden">
          <CloseOnEscape />
          <nav aria-label="Main" className="space-y-1 px-4 py-3">
            {NAV_ITEMS.map((item) => (
              <CloseButton
                key={item.to}
                as={NavLink}
                to={item.to}
                end={item.end}
                className={mobileLink}
              >
                {item.label}
                {item.to === paths.linkMonitoring ? <OpenIssuesCount /> : null}
              </CloseButton>
            ))}
          </nav>
          <div className="space-y-1 border-t border-slate-200 px-4 py-3">
            {displayName ? (
              <p className="flex items-center gap-2 px-3 pb-1 text-sm text-slate-500">
                <NavigationAvatar isEnabled={user?.hasAccess ?? false} />
                {displayName}
              </p>
            ) : null}
            <CloseButton as={NavLink} to={paths.profile} className={mobileLink}>
              Profile
            </CloseButton>
            {offersDeveloperSettings ? (
              <CloseButton
                as="button"
                className={cx(mobileLink({ isActive: false }), 'w-full text-left')}
                onClick={() => setSettingsOpen(true)}
              >
                Developer settings
              </CloseButton>
            ) : null}
            <button
              type="button"
              className={cx(mobileLink({ isActive: false }), 'w-full text-left')}
              onClick={() => void session.logout()}
            >
              Log out
            </button>
          </div>
        </DisclosurePanel>
      </Disclosure>
      <OpenedLazily open={settingsOpen}>
        {(isOpen) => (
          <DeveloperSettingsDialog open={isOpen} onClose={() => setSettingsOpen(false)} />
        )}
      </OpenedLazily>
    </>
  );
}

/** Escape closes the open phone menu, and focus goes back to its button. */
function CloseOnEscape() {
  const close = useClose();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [close]);
  return null;
}
