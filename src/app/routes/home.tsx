import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { SITE_DEFAULT_PAGE_SIZE } from '#contract/catalogue.ts';
import { setFilter, siteListAddress } from '#contract/filter-state.ts';
import { useCallback, useState } from 'react';
import type { Site } from '#contract/catalogue.ts';
import { Card } from '#src/components/card.tsx';
import { SparklesIcon } from '#src/components/icons.tsx';
import { Skeleton } from '#src/components/skeleton.tsx';
import { BuyButton } from '#src/features/cart/components/buy-button.tsx';
import { CartPanel, type CartPanelSite } from '#src/features/cart/components/cart-panel.tsx';
import { CatalogueSection } from '#src/features/catalogue/components/catalogue-section.tsx';
import { NicheSelect } from '#src/features/catalogue/components/niche-select.tsx';
import { ExportButton } from '#src/features/exports/components/export-button.tsx';
import { DomainSelect } from '#src/features/domains/components/domain-select.tsx';
import { profileQueries } from '#src/features/profile/api/queries.ts';
import { CompanySelect } from '#src/features/profile/components/company-select.tsx';
import { HelpCard } from '#src/features/profile/components/help-card.tsx';
import { SavedViewsMenu } from '#src/features/saved-views/components/saved-views-menu.tsx';
import { useListState } from '#src/hooks/use-list-state.ts';
import { getCookie, setCookie } from '#src/lib/cookies.ts';
import { getCatalogueWorker } from '#src/lib/workers.ts';
import { useCurrentUser } from '../hooks/use-current-user.ts';

const DOMAIN_COOKIE = 'selected_buyer_domain';

/** Home: the dashboard header with the buyer's selections; filters live in the address (spec §2). */
export function Component() {
  // The catalogue's own address: this page writes its selections through the same hook.
  const [state, setState] = useListState(siteListAddress);
  const profile = useQuery(profileQueries.detail());
  const user = useCurrentUser();
  const [panel, setPanel] = useState<{ site: CartPanelSite | null; open: boolean }>({
    site: null,
    open: false,
  });
  const renderBuyAction = useCallback(
    (site: Site) => (
      <BuyButton
        site={site}
        onBuy={() => setPanel({ site: { id: site.id, hostname: site.hostname }, open: true })}
      />
    ),
    [],
  );

  // A new selection shows a different result set: setFilter starts again at its first page.
  const select = (key: 'buyer_domain' | 'niche', value: string) =>
    setState(
      key === 'niche'
        ? setFilter(state, 'niche', value ? [value] : undefined)
        : setFilter(state, 'buyer_domain', value || undefined),
    );

  const domainId = state.filter.buyer_domain ?? getCookie(DOMAIN_COOKIE) ?? '';
  const manager = profile.data?.account_manager ?? null;
  const greeting = profile.data ? `Welcome back, ${profile.data.first_name}` : 'Welcome back';

  return (
    <>
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{greeting}</h1>
        <p className="mt-1 text-sm text-slate-600">
          Choose the domain you are building links for, then browse publishers by niche.
        </p>
      </div>
      <Card className="p-5">
        <h2 className="text-sm font-semibold text-slate-900">Your selection</h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          <DomainSelect
            value={domainId}
            onChange={(id) => {
              select('buyer_domain', id);
              setCookie(DOMAIN_COOKIE, id);
            }}
          />
          {profile.isPending ? (
            <div>
              <p className="mb-1.5 text-sm font-medium text-slate-800">Company</p>
              <Skeleton className="h-9 w-full" />
            </div>
          ) : (
            <CompanySelect accounts={profile.data?.accounts ?? []} />
          )}
          <NicheSelect
            value={state.filter.niche?.[0] ?? ''}
            onChange={(niche) => select('niche', niche)}
          />
        </div>
      </Card>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <HelpCard manager={manager} />
        <div className="flex flex-col rounded-xl bg-gradient-to-br from-indigo-600 to-violet-600 p-5 text-white shadow-sm">
          <div className="flex size-9 items-center justify-center rounded-lg bg-white/15">
            <SparklesIcon className="size-5" />
          </div>
          <h2 className="mt-3 text-sm font-semibold">Get a free link-building strategy</h2>
          <p className="mt-1 text-sm text-indigo-100">
            Tell us about your domain and goals; our team prepares a plan of sites and budgets for
            you.
          </p>
          {manager ? (
            <a
              href={`mailto:${manager.email}?subject=${encodeURIComponent('Free strategy request')}`}
              className="mt-4 inline-flex w-fit items-center rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-indigo-700 shadow-sm hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Request a free strategy
            </a>
          ) : null}
        </div>
      </div>
      <CartPanel
        site={panel.site}
        open={panel.open}
        onClose={() => setPanel((current) => ({ ...current, open: false }))}
        nicheFilter={state.filter.niche?.[0] ?? null}
        buyerDomainFilter={state.filter.buyer_domain ?? null}
      />
      <CatalogueSection
        SavedViewsMenu={SavedViewsMenu}
        renderBuyAction={renderBuyAction}
        toolbar={(state) =>
          user?.canExportDomains ? (
            <ExportButton
              getRequest={async () => {
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
    </>
  );
}
