import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { NavLink } from 'react-router';

import { MEMBER_ROLES, type Permission, roleCan } from '#contract/permissions.ts';
import { ChevronDownIcon, CloseIcon, LogOutIcon, MenuIcon } from '#src/components/icons.tsx';
import { loadOnce, MENU_KEYS, MountedOnUse } from '#src/components/mounted-on-use.tsx';
import { OpenedLazily } from '#src/components/opened-lazily.tsx';
import { paths } from '#src/config/paths.ts';
import { useLogOut } from '#src/features/auth/session-context.tsx';
import { CartIndicator } from '#src/features/cart/components/cart-indicator.tsx';
import { useFollowLinkHealth } from '#src/features/link-monitoring/api/follow-link-health.ts';
import { OpenIssuesCount } from '#src/features/link-monitoring/components/open-issues-count.tsx';
import {
  UnreadMessagesCount,
  UnreadMessagesNote,
} from '#src/features/orders/components/unread-messages-count.tsx';
import { useMemberRole } from '#src/features/profile/api/queries.ts';
import { NavigationAvatar } from '#src/features/profile/components/navigation-avatar.tsx';
import { areDeveloperSettingsOffered } from '#src/lib/developer-settings.ts';
import { cx } from '#src/utils/class-names.ts';

import { useCurrentUser } from '../hooks/use-current-user.ts';
import { BrandLink } from './brand.tsx';

// Headless UI's menu loads when the settings menu is first used (decision 156).
const loadSettingsMenu = loadOnce(() => import('./settings-menu.tsx'));

// What waits for an approver's decision: loaded only for a member who approves purchases.
const PendingDecisionsCount = lazy(() =>
  import('#src/features/purchase-requests/components/pending-decisions.tsx').then((module) => ({
    default: module.PendingDecisionsCount,
  })),
);
const PendingDecisionsNote = lazy(() =>
  import('#src/features/purchase-requests/components/pending-decisions.tsx').then((module) => ({
    default: module.PendingDecisionsNote,
  })),
);

/** An approver's menu button: a dot and a description when purchase requests wait. */
function PendingNote({ id }: { id: string | undefined }) {
  if (!id) return null;
  return (
    <Suspense fallback={null}>
      <PendingDecisionsNote id={id} />
    </Suspense>
  );
}

// Loaded when first opened, with its form (decision 110).
const DeveloperSettingsDialog = lazy(() =>
  import('#src/features/developer-settings/components/developer-settings-dialog.tsx').then(
    (module) => ({ default: module.DeveloperSettingsDialog }),
  ),
);

// Each entry shows only to a member whose role in the current company holds its permission.
const NAV_ITEMS: readonly { to: string; label: string; end: boolean; permission?: Permission }[] = [
  { to: paths.domains, label: 'Domains', end: false, permission: 'catalogue.use' },
  { to: paths.index, label: 'Home page', end: true },
  { to: paths.orders, label: 'Orders', end: false, permission: 'orders.read' },
  { to: paths.linkMonitoring, label: 'Link monitoring', end: false, permission: 'links.read' },
  {
    to: paths.contentGuidelines,
    label: 'Content guidelines',
    end: false,
    permission: 'catalogue.use',
  },
  { to: paths.companies, label: 'Companies', end: false },
];

/** The company's own pages, in the settings menu (the top bar has no room for more). */
const COMPANY_LINKS: readonly { to: string; label: string; permission: Permission }[] = [
  { to: paths.members, label: 'Members', permission: 'members.manage' },
  { to: paths.purchaseRequests, label: 'Purchase requests', permission: 'purchases.approve' },
  { to: paths.auditLog, label: 'Audit log', permission: 'audit.read' },
];

/** The company links the member's role opens; an approver's "Purchase requests" counts what waits. */
function companyLinksFor(can: (permission: Permission) => boolean) {
  return COMPANY_LINKS.filter((link) => can(link.permission)).map(
    (link): { to: string; label: ReactNode } =>
      link.to === paths.purchaseRequests
        ? {
            to: link.to,
            label: (
              <Suspense fallback={link.label}>
                <PendingDecisionsCount label={link.label} />
              </Suspense>
            ),
          }
        : link,
  );
}

/** An entry's label, with the count it carries: open link issues, unread messages. */
function NavLabel({ item }: { item: { to: string; label: string } }) {
  if (item.to === paths.linkMonitoring) return <OpenIssuesCount label={item.label} />;
  if (item.to === paths.orders) return <UnreadMessagesCount label={item.label} />;
  return item.label;
}

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

const settingsButtonClass = cx(
  'relative flex items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100',
  focusRing,
);

/** The default layout's top bar: main sections, settings menu and log out; collapses below md. */
export function TopNavigation() {
  const logOut = useLogOut();
  const user = useCurrentUser();
  const role = useMemberRole();
  // Until the profile is first read (after signing in, with nothing saved on this device), only
  // what every role holds: a Viewer is never shown a Cart that then goes away. Once it is read,
  // or cannot be, the role's own (as for a Buyer; the server decides anyway).
  const can = (permission: Permission) =>
    role.isSettled ? role.can(permission) : MEMBER_ROLES.every((each) => roleCan(each, permission));
  const navItems = NAV_ITEMS.filter((item) => !item.permission || can(item.permission));
  const canApprove = can('purchases.approve');
  const companyLinks = companyLinksFor(can);
  const canUseCart = can('cart.use');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [phoneMenuOpen, setPhoneMenuOpen] = useState(false);
  const phoneMenuId = useId();
  // The ids of the descriptions that tell an approver how many purchase requests wait.
  const noteId = useId();
  const settingsNoteId = canApprove ? `${noteId}-settings` : undefined;
  const phoneNoteId = canApprove ? `${noteId}-phone` : undefined;
  // On a phone "Orders" is out of sight in the closed menu: its button tells of unread messages.
  const readsOrders = can('orders.read');
  const phoneUnreadId = `${noteId}-unread`;
  const phoneDescribedBy = readsOrders
    ? [phoneNoteId, phoneUnreadId].filter(Boolean).join(' ')
    : phoneNoteId;
  const phoneMenuButton = useRef<HTMLButtonElement>(null);
  useFollowLinkHealth();
  // Read on each render: cheap, and a developer who switches it on sees it after the next one.
  const offersDeveloperSettings = areDeveloperSettingsOffered();
  const displayName =
    user && (user.firstName || user.lastName)
      ? `${user.firstName} ${user.lastName}`.trim()
      : user?.username;

  // The name is one piece of hidden text: a hidden ", settings" after the name read as "Ada
  // Lindqvist , settings", browsers taking the hidden span in the flex button for a block. Not
  // an aria-label: below 2xl the button shows the initials, which such a name would not hold.
  const settingsButtonContent = (
    <>
      <NavigationAvatar isEnabled={user?.hasAccess ?? false} />
      <span className="sr-only">{displayName ? `${displayName}, settings` : 'Settings'}</span>
      <PendingNote id={settingsNoteId} />
      <span aria-hidden="true" className="hidden max-w-40 truncate 2xl:inline">
        {displayName}
      </span>
      <ChevronDownIcon className="size-4 text-slate-400" />
    </>
  );
  // As a disclosure does, closing from one of its items gives focus back to its button: the
  // item goes away with the panel, and a dialog opened from it returns focus there.
  const closePhoneMenu = () => {
    setPhoneMenuOpen(false);
    phoneMenuButton.current?.focus();
  };
  useCloseOnEscape(phoneMenuOpen, closePhoneMenu);

  return (
    <>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6 lg:px-8">
          <BrandLink />
          <nav aria-label="Main" className="hidden flex-1 xl:block">
            <ul className="flex items-center gap-1">
              {navItems.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className={desktopLink}>
                    <NavLabel item={item} />
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto hidden items-center gap-2 xl:flex">
            {canUseCart ? <CartIndicator /> : null}
            <MountedOnUse
              load={loadSettingsMenu}
              keys={MENU_KEYS}
              trigger={{
                'aria-haspopup': 'menu',
                'aria-describedby': settingsNoteId,
                className: settingsButtonClass,
                children: settingsButtonContent,
              }}
            >
              {({ SettingsMenu }, buttonRef) => (
                <SettingsMenu
                  buttonClass={settingsButtonClass}
                  buttonContent={settingsButtonContent}
                  buttonDescribedBy={settingsNoteId}
                  buttonRef={buttonRef}
                  companyLinks={companyLinks}
                  offersDeveloperSettings={offersDeveloperSettings}
                  onDeveloperSettings={() => setSettingsOpen(true)}
                />
              )}
            </MountedOnUse>
            <button
              type="button"
              onClick={logOut}
              className={cx(
                'flex items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm font-medium whitespace-nowrap text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                focusRing,
              )}
            >
              <LogOutIcon className="size-4" />
              Log out
            </button>
          </div>
          {canUseCart ? <CartIndicator className="ml-auto xl:hidden" /> : null}
          <button
            ref={phoneMenuButton}
            type="button"
            aria-expanded={phoneMenuOpen}
            aria-describedby={phoneDescribedBy}
            aria-controls={phoneMenuOpen ? phoneMenuId : undefined}
            onClick={() => setPhoneMenuOpen((open) => !open)}
            className={cx(
              'relative rounded-md p-2 text-slate-600 hover:bg-slate-100 xl:hidden',
              canUseCart ? null : 'ml-auto',
              focusRing,
            )}
          >
            <span className="sr-only">{phoneMenuOpen ? 'Close main menu' : 'Open main menu'}</span>
            <PendingNote id={phoneNoteId} />
            {readsOrders ? <UnreadMessagesNote id={phoneUnreadId} /> : null}
            {phoneMenuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          </button>
        </div>
        {phoneMenuOpen ? (
          // Over the page, not in its flow: a menu that pushed the page down made the browser's
          // scroll anchoring move the page with it, and the next page opened part-way down.
          <div
            id={phoneMenuId}
            className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-y border-slate-200 bg-white shadow-lg xl:hidden"
          >
            <nav aria-label="Main" className="space-y-1 px-4 py-3">
              {navItems.map((item) => (
                <NavLink
                  key={item.to}
                  to={item.to}
                  end={item.end}
                  className={mobileLink}
                  onClick={closePhoneMenu}
                >
                  <NavLabel item={item} />
                </NavLink>
              ))}
            </nav>
            <div className="space-y-1 border-t border-slate-200 px-4 py-3">
              {displayName ? (
                <p className="flex items-center gap-2 px-3 pb-1 text-sm text-slate-500">
                  <NavigationAvatar isEnabled={user?.hasAccess ?? false} />
                  {displayName}
                </p>
              ) : null}
              <NavLink to={paths.profile} className={mobileLink} onClick={closePhoneMenu}>
                Profile
              </NavLink>
              {companyLinks.map((link) => (
                <NavLink key={link.to} to={link.to} className={mobileLink} onClick={closePhoneMenu}>
                  {link.label}
                </NavLink>
              ))}
              {offersDeveloperSettings ? (
                <button
                  type="button"
                  className={cx(mobileLink({ isActive: false }), 'w-full text-left')}
                  onClick={() => {
                    closePhoneMenu();
                    setSettingsOpen(true);
                  }}
                >
                  Developer settings
                </button>
              ) : null}
              <button
                type="button"
                className={cx(mobileLink({ isActive: false }), 'w-full text-left')}
                onClick={logOut}
              >
                Log out
              </button>
            </div>
          </div>
        ) : null}
      </header>
      <OpenedLazily open={settingsOpen}>
        {(isOpen) => (
          <DeveloperSettingsDialog open={isOpen} onClose={() => setSettingsOpen(false)} />
        )}
      </OpenedLazily>
    </>
  );
}

/** While `isOpen`, Escape calls `close` (the phone menu: it closes and its button takes focus). */
function useCloseOnEscape(isOpen: boolean, close: () => void) {
  const latestClose = useRef(close);
  useEffect(() => {
    latestClose.current = close;
  });
  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) latestClose.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen]);
}
