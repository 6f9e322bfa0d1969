import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { lazy, useEffect, useId } from 'react';
import { Link, Navigate, useLocation } from 'react-router';

import { SITE_DEFAULT_PAGE_SIZE } from '#contract/catalogue.ts';
import {
  defaultFilterState,
  type FilterState,
  serializeFilterState,
  setFilter,
  siteListAddress,
} from '#contract/filter-state.ts';
import { hostnameToUnicode } from '#contract/idna.ts';
import { Button, buttonClasses } from '#src/components/button.tsx';
import { Card } from '#src/components/card.tsx';
import { OpenedLazily } from '#src/components/opened-lazily.tsx';
import { Skeleton } from '#src/components/skeleton.tsx';
import { ADDITIONAL_FILTERS_ENABLED } from '#src/config/env.ts';
import { paths } from '#src/config/paths.ts';
import { CatalogueSection } from '#src/features/catalogue/components/catalogue-section.tsx';
import { NicheSelect } from '#src/features/catalogue/components/niche-select.tsx';
import { CurrentCompanySelect } from '#src/features/companies/components/current-company-select.tsx';
import { domainQueries } from '#src/features/domains/api/queries.ts';
import { DomainEntries } from '#src/features/domains/components/domain-entries.tsx';
import { DomainSelect } from '#src/features/domains/components/domain-select.tsx';
import {
  forgetSelectedDomain,
  rememberedDomain,
  rememberSelectedDomain,
} from '#src/features/domains/selected-domain.ts';
import { ExportButton } from '#src/features/exports/components/export-button.tsx';
import { LinkHealthNotice } from '#src/features/link-monitoring/components/link-health-notice.tsx';
import { profileQueries, useMemberRole } from '#src/features/profile/api/queries.ts';
import { HelpCard } from '#src/features/profile/components/help-card.tsx';
import { whatRoleFollows } from '#src/features/profile/role-reading.ts';
import { SavedViewsMenu } from '#src/features/saved-views/components/saved-views-menu.tsx';
import { StrategyCard } from '#src/features/strategy-requests/components/strategy-card.tsx';
import { useListState } from '#src/hooks/use-list-state.ts';
import { useMediaQuery } from '#src/hooks/use-media-query.ts';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';

import { useBuyPanel } from '../hooks/use-buy-panel.tsx';
import { useCurrentUser } from '../hooks/use-current-user.ts';
import { renderImport, renderUploadDialog } from '../import-slots.tsx';

// The cart panel opens from a row's buy button; its code loads then (decision 110).
const CartPanel = lazy(() =>
  import('#src/features/cart/components/cart-panel.tsx').then((module) => ({
    default: module.CartPanel,
  })),
);

/** Below md: where tables become cards (decision 096). */
const PHONE_QUERY = '(max-width: 47.99rem)';

const LINK_GAP_EXPLANATION =
  'Sites that link to your competitors but not to you: the publishers to approach first.';

/** The link gap of the chosen domain: its competitors' publishers that do not link to it yet. */
function linkGapState(state: FilterState): FilterState {
  return setFilter(setFilter(state, 'competitors', true), 'is_back_linked', false);
}

/** Without the link gap; also what "All domains" leaves, since both filters read the chosen domain. */
function withoutLinkGap(state: FilterState): FilterState {
  return setFilter(setFilter(state, 'competitors', undefined), 'is_back_linked', undefined);
}

/**
 * Home. The address is the one truth for the chosen domain (decision 063): a bare `/` is sent on
 * to the buyer's last choice, replacing the history entry, before anything reads the address.
 */
export function Component() {
  const location = useLocation();
  const remembered = location.search === '' ? rememberedDomain() : null;
  if (remembered) {
    const search = serializeFilterState(
      setFilter(defaultFilterState(), 'buyer_domain', remembered),
    );
    return <Navigate replace to={{ pathname: location.pathname, search: `?${search}` }} />;
  }
  return <HomeForRole />;
}

/** "Welcome back, Nora" once the profile is read (the profile has no first sign-in to tell). */
function greetingOf(profile: { first_name: string } | undefined): string {
  return profile ? `Welcome back, ${profile.first_name}` : 'Welcome back';
}

/** A member whose role buys nothing (Finance, Viewer) gets the way to what they may read. */
function HomeForRole() {
  const { role, can, isSettled } = useMemberRole();
  const profile = useQuery(profileQueries.detail());
  // Until the profile is first read, neither the catalogue nor the way around it: a Viewer never
  // sees the catalogue flash by, nor a Buyer the note for those who buy nothing.
  if (!isSettled) {
    return (
      <div role="status" aria-label="Loading your home page">
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (can('catalogue.use')) return <Dashboard />;
  return (
    <Card className="space-y-3 p-6">
      <h1 className="text-xl font-semibold text-slate-900">{greetingOf(profile.data)}</h1>
      <p className="text-sm text-slate-600">
        {whatRoleFollows(role)}; the catalogue and buying are for Owners, Admins and Buyers.
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to={paths.orders} className={buttonClasses('primary', 'md')}>
          Orders
        </Link>
        <Link to={paths.linkMonitoring} className={buttonClasses('secondary', 'md')}>
          Link monitoring
        </Link>
        {can('company.edit') ? (
          <Link to={paths.companies} className={buttonClasses('secondary', 'md')}>
            Companies
          </Link>
        ) : null}
      </div>
    </Card>
  );
}

/** The dashboard header with the buyer's selections; filters live in the address (spec §2). */
function Dashboard() {
  // The catalogue's own address: this page writes its selections through the same hook.
  const [state, setState] = useListState(siteListAddress);
  const profile = useQuery(profileQueries.detail());
  const isOnline = useOnlineStatus();
  const user = useCurrentUser();
  const { renderBuyAction, panel } = useBuyPanel();

  // A new selection shows a different result set: setFilter starts again at its first page.
  const select = (key: 'buyer_domain' | 'niche', value: string) =>
    setState(
      key === 'niche'
        ? setFilter(state, 'niche', value ? [value] : undefined)
        : value
          ? setFilter(state, 'buyer_domain', value)
          : setFilter(withoutLinkGap(state), 'buyer_domain', undefined),
    );

  const chooseDomain = (id: string) => {
    select('buyer_domain', id);
    rememberSelectedDomain(id);
  };
  const domainId = state.filter.buyer_domain ?? '';
  const domains = useQuery(domainQueries.selectable());
  const selected = domains.data?.data.find((domain) => domain.id === domainId) ?? null;
  const isUnknownDomain = Boolean(domainId) && domains.isSuccess && !selected;
  // A remembered domain that is gone would send every bare `/` back to it.
  useEffect(() => {
    if (isUnknownDomain) forgetSelectedDomain(domainId);
  }, [isUnknownDomain, domainId]);
  const isLinkGap = state.filter.competitors === true && state.filter.is_back_linked === false;
  // The link gap of a domain without competitors is empty by definition: say what fills it.
  const groups = useQuery({ ...domainQueries.groupsOf(domainId || null), enabled: isLinkGap });
  const hasNoCompetitors =
    isLinkGap && groups.isSuccess && groups.data.data.every((g) => g.competitors.length === 0);
  const linkGapHintId = useId();
  const manager = profile.data?.account_manager ?? null;
  const greeting = greetingOf(profile.data);

  // Once the buyer has chosen what they are looking for, the dashboard shrinks so the catalogue
  // starts within the first screen; until then it explains itself.
  const isCompact = Boolean(domainId || state.filter.niche?.length);
  // On a phone the selection card is always the compact one, and the help and the free strategy
  // are one-line entries after the catalogue: as cards before it they put its first rows two
  // screens down.
  const isPhone = useMediaQuery(PHONE_QUERY);
  const isCardCompact = isCompact || isPhone;
  const offers = (
    <>
      <HelpCard manager={profile.data ? manager : undefined} compact />
      <StrategyCard defaultDomain={selected?.hostname ?? ''} compact />
    </>
  );

  return (
    <>
      <div className={isCompact ? 'mb-3' : 'mb-6'}>
        <div className="flex items-start justify-between gap-3">
          <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words text-slate-900">
            {greeting}
          </h1>
          <LinkHealthNotice />
        </div>
        {isCompact ? null : (
          <p className="mt-1 text-sm text-slate-600">
            Choose the domain you are building links for, then browse publishers by niche.
          </p>
        )}
      </div>
      <Card className={isCardCompact ? 'px-4 py-3' : 'p-5'}>
        <h2 className={isCardCompact ? 'sr-only' : 'text-sm font-semibold text-slate-900'}>
          Your selection
        </h2>
        <div
          className={isCardCompact ? 'grid gap-3 sm:grid-cols-3' : 'mt-4 grid gap-4 sm:grid-cols-3'}
        >
          <DomainSelect value={domainId} onChange={chooseDomain} />
          {profile.isPending && isOnline ? (
            <div>
              <p className="mb-1.5 text-sm font-medium text-slate-800">Company</p>
              <Skeleton className="h-9 w-full" />
            </div>
          ) : (
            <CurrentCompanySelect
              accounts={profile.data?.accounts ?? (isOnline ? [] : undefined)}
            />
          )}
          <NicheSelect
            value={state.filter.niche?.[0] ?? ''}
            onChange={(niche) => select('niche', niche)}
          />
        </div>
        <div className={isCardCompact ? 'mt-3' : 'mt-4 border-t border-slate-100 pt-4'}>
          <DomainEntries
            domain={selected}
            renderImport={renderImport}
            renderUploadDialog={renderUploadDialog}
            onAdded={(domain) => chooseDomain(domain.id)}
          >
            {ADDITIONAL_FILTERS_ENABLED ? (
              <Button
                size="sm"
                // Filled while on, outlined like the other entries while off.
                variant={isLinkGap ? 'primary' : 'secondary'}
                aria-pressed={isLinkGap}
                aria-describedby={linkGapHintId}
                disabled={!selected}
                title={LINK_GAP_EXPLANATION}
                onClick={() => setState(isLinkGap ? withoutLinkGap(state) : linkGapState(state))}
              >
                Link gap
              </Button>
            ) : null}
            {isCompact && !isPhone ? (
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2 lg:ml-auto">{offers}</div>
            ) : null}
          </DomainEntries>
          {ADDITIONAL_FILTERS_ENABLED ? (
            <p
              id={linkGapHintId}
              className={isCardCompact ? 'sr-only' : 'mt-2 text-xs text-slate-600'}
            >
              Link gap: {LINK_GAP_EXPLANATION}
            </p>
          ) : null}
          {hasNoCompetitors ? (
            <p role="status" className="mt-2 text-sm text-amber-800">
              {selected ? hostnameToUnicode(selected.hostname) : 'This domain'} has no competitors
              yet, so its link gap is empty. Open &ldquo;Competitors&apos; backlinks&rdquo; to add a
              group and upload its file.
            </p>
          ) : null}
        </div>
      </Card>
      {isCardCompact ? null : (
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <HelpCard manager={profile.data ? manager : undefined} />
          <StrategyCard defaultDomain={selected?.hostname ?? ''} />
        </div>
      )}
      <OpenedLazily open={panel.open}>
        {(isOpen) => (
          <CartPanel
            {...panel}
            open={isOpen}
            nicheFilter={state.filter.niche?.[0] ?? null}
            buyerDomainFilter={state.filter.buyer_domain ?? null}
          />
        )}
      </OpenedLazily>
      <CatalogueSection
        SavedViewsMenu={SavedViewsMenu}
        renderBuyAction={renderBuyAction}
        toolbar={(state, _setState, selectedIds) =>
          user?.canExportDomains ? (
            <ExportButton
              selectedIds={selectedIds}
              getRequest={async () => {
                // The worker and its messaging load with the first export, not with the page.
                const { getCatalogueWorker } = await import('#src/lib/workers.ts');
                const query = await getCatalogueWorker().toServerQuery(state, {
                  today: dayjs().format('YYYY-MM-DD'),
                  defaultLimit: SITE_DEFAULT_PAGE_SIZE,
                });
                return { filter: query.filter, sorting: query.sorting };
              }}
            />
          ) : null
        }
      />
      {isPhone ? <div className="mt-6 flex flex-col items-start gap-3">{offers}</div> : null}
    </>
  );
}
