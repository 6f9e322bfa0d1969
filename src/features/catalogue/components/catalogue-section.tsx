import { useQuery } from '@tanstack/react-query';
import type { RowSelectionState, VisibilityState } from '@tanstack/react-table';
import dayjs from 'dayjs';
import {
  lazy,
  type ReactNode,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

import {
  ADDITIONAL_FILTER_KEYS,
  type Site,
  SITE_DEFAULT_PAGE_SIZE,
  SITE_PAGE_SIZES,
  type SiteSortColumn,
  type SortDirection,
} from '#contract/catalogue.ts';
import type { MarkScope } from '#contract/favorites.ts';
import {
  defaultFilterState,
  type FilterState,
  setFilter,
  setSort,
  siteListAddress,
} from '#contract/filter-state.ts';
import { Card } from '#src/components/card.tsx';
import { ColumnChooser } from '#src/components/data-table/column-chooser.tsx';
import { OpenedLazily } from '#src/components/opened-lazily.tsx';
import { Pagination } from '#src/components/pagination.tsx';
import { EmptyState, ErrorState, LoadingAnnouncement } from '#src/components/state-blocks.tsx';
import { ADDITIONAL_FILTERS_ENABLED } from '#src/config/env.ts';
import type { SavedViewsMenuSlot } from '#src/features/saved-views/api/queries.ts';
import { type ColumnLayout, useColumnLayout, withColumn } from '#src/hooks/use-column-layout.ts';
import { useListState } from '#src/hooks/use-list-state.ts';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { settledTotal, usePageInRange } from '#src/hooks/use-page-in-range.ts';
import { useRetryAfterNetworkError } from '#src/hooks/use-retry-after-network-error.ts';

import { useMarkSites } from '../api/mutations.ts';
import { catalogueQueries, NotAvailableOfflineError } from '../api/queries.ts';
import type { SiteMark } from '../api/requests.ts';
import { withWaitingMarks } from '../api/site-marks.ts';
import { hasDefaultFilters, resetFilters } from '../filter-labels.ts';
import { ActiveFilterChips, FiltersButton, useActiveFilters } from './active-filters.tsx';
import {
  CatalogueNotices,
  CatalogueSavedViews,
  chooserColumnsOf,
  NoSitesMatch,
  SearchBox,
  SelectedSitesBar,
} from './catalogue-section-parts.tsx';
import { CatalogueTable } from './catalogue-table.tsx';
import { MarkDrafts, useMarkDrafts } from './mark-drafts.tsx';
import { PhoneSortSelect } from './phone-sort-select.tsx';
import { siteDataColumns } from './site-columns.tsx';

// The filter sheet (its form and Headless UI's dialog) loads when first opened (decision 110).
const FilterPanel = lazy(() =>
  import('./filter-panel.tsx').then((module) => ({ default: module.FilterPanel })),
);

/** Where the catalogue's column layout is remembered (spec §3 "Stored values"). */
const COLUMN_LAYOUT_KEY = 'domain_columns_table';

/**
 * Until the buyer chooses, the table shows the columns buyers compare most (decision 066); the
 * rest are one click away in the column chooser, and a stored or saved layout replaces this.
 */
export const DEFAULT_CATALOGUE_LAYOUT = {
  hidden: [
    'majestic_citation_flow',
    'sponsor_tag_type',
    'relevance_at',
    'ip_address',
    'tf_cf',
    'rd_ot',
    'ahrefs_url_rating',
    'domain_language',
    'ahrefs_keywords_top3',
    'ahrefs_keywords410',
    'main_country_traffic',
  ],
};

export interface CatalogueSectionProps {
  /** Extra toolbar controls composed by the page (export, saved views); given the ticked rows. */
  toolbar?: (
    state: FilterState,
    setState: (next: FilterState) => void,
    selectedIds: readonly string[],
  ) => ReactNode;
  /** The buy button of a row, composed by the page. */
  renderBuyAction?: (site: Site) => ReactNode;
  /** The saved filters and layouts menu, composed by the page. */
  SavedViewsMenu?: SavedViewsMenuSlot;
}

/** Sorting by a hidden additional column would sort by something the buyer cannot see. */
function withoutAdditional(state: FilterState): FilterState {
  const filter = { ...state.filter };
  const sorting = { ...state.sorting };
  for (const key of ADDITIONAL_FILTER_KEYS) {
    delete filter[key];
    delete sorting[key];
  }
  return { ...state, filter, sorting };
}

/**
 * The table's header callbacks stay the same function while the filters change, so the headers
 * (each with its menu) do not render again; they read the state of the moment. (The router's
 * setter itself changes with the address.)
 */
function useHeaderHandlers(latest: {
  state: FilterState;
  setState: (next: FilterState) => void;
  layout: ColumnLayout;
  setLayout: (next: ColumnLayout) => void;
}) {
  const current = useRef(latest);
  useLayoutEffect(() => {
    current.current = latest;
  });
  const onSort = useCallback(
    (column: SiteSortColumn, direction: SortDirection | null, add: boolean) => {
      const now = current.current;
      now.setState(setSort(now.state, column, direction, add));
    },
    [],
  );
  const onHideColumn = useCallback((id: string) => {
    const now = current.current;
    now.setLayout(withColumn(now.layout, id, false));
  }, []);
  return { onSort, onHideColumn };
}

/** A mark of some sites as it is sent or kept: the scope only when it is the company's. */
function marksOf(mark: SiteMark, sites: readonly Site[], value: boolean, scope: MarkScope) {
  return {
    mark,
    ids: sites.map((site) => site.id),
    value,
    hostnames: sites.map((site) => site.hostname),
    ...(scope === 'company' ? { scope } : {}),
  };
}

/** The domain catalogue (spec §2): search, filters, sorting, columns, paging, marks. */
export function CatalogueSection({
  toolbar,
  renderBuyAction,
  SavedViewsMenu,
}: CatalogueSectionProps) {
  const [state, setState] = useListState(siteListAddress);
  const [layout, setLayout] = useColumnLayout(COLUMN_LAYOUT_KEY, DEFAULT_CATALOGUE_LAYOUT);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [isFilterOpen, setFilterOpen] = useState(false);
  const { mutate: markSites } = useMarkSites();
  const isOnline = useOnlineStatus();
  const markDrafts = useMarkDrafts();
  const filtersButtonId = useId();
  const defaults = useMemo(() => defaultFilterState(), []);

  const hasBuyerDomain = Boolean(state.filter.buyer_domain);
  const showAdditional = ADDITIONAL_FILTERS_ENABLED && hasBuyerDomain;
  const limit = state.limit ?? SITE_DEFAULT_PAGE_SIZE;
  const today = dayjs().format('YYYY-MM-DD');

  const effectiveState = useMemo(
    () => (showAdditional ? state : withoutAdditional(state)),
    [state, showAdditional],
  );

  // What narrows the list, named on the Filters button and in the chips above the table.
  const active = useActiveFilters(effectiveState.filter);
  const canResetFilters = !hasDefaultFilters(state.filter, defaults);
  const focusFiltersButton = () => document.getElementById(filtersButtonId)?.focus();
  const onResetFilters = () => setState(resetFilters(state, defaults));

  const query = useQuery(
    catalogueQueries.list(effectiveState, { today, defaultLimit: SITE_DEFAULT_PAGE_SIZE }),
  );
  // Marks made offline show until they are sent, whichever copy of the page is on screen.
  const waitingMarks = markDrafts?.waiting;
  const sites = useMemo(
    () =>
      withWaitingMarks(
        query.data?.list.data ?? [],
        (waitingMarks ?? []).map((entry) => entry.variables),
      ),
    [query.data, waitingMarks],
  );
  const total = query.data?.list.pagination.total ?? 0;
  usePageInRange(state.page ?? 1, limit, settledTotal(query, total), (page) =>
    setState({ ...state, page }, { replace: true }),
  );

  const columns = useMemo(
    () => siteDataColumns({ showAdditional, renderBuyAction }),
    [showAdditional, renderBuyAction],
  );
  const columnVisibility = useMemo<VisibilityState>(
    () => Object.fromEntries(layout.hidden.map((id) => [id, false])),
    [layout.hidden],
  );

  const onMark = useCallback(
    (mark: SiteMark, site: Site, value: boolean, scope: MarkScope) =>
      markSites(marksOf(mark, [site], value, scope)),
    [markSites],
  );
  const { onSort, onHideColumn } = useHeaderHandlers({ state, setState, layout, setLayout });
  const onSearch = useCallback(
    (value: string) => setState(setFilter(state, 'search', value)),
    [setState, state],
  );

  const selectedSites = sites.filter((s) => rowSelection[s.id]);
  const selectedIds = selectedSites.map((s) => s.id);
  const bulk = (mark: SiteMark, value: boolean, scope: MarkScope) =>
    markSites(marksOf(mark, selectedSites, value, scope), {
      onSuccess: () => setRowSelection({}),
    });

  const isUnavailableOffline = query.error instanceof NotAvailableOfflineError;
  useRetryAfterNetworkError(isUnavailableOffline && !query.data, query.refetch);

  return (
    <section aria-labelledby="catalogue-heading" className="mt-6">
      <div className="mb-2 flex flex-wrap items-end justify-between gap-3">
        <h2 id="catalogue-heading" className="text-lg font-semibold text-slate-900">
          Catalogue
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <SearchBox value={state.filter.search ?? ''} onSearch={onSearch} />
          <FiltersButton
            id={filtersButtonId}
            count={active.length}
            onClick={() => setFilterOpen(true)}
          />
          <ColumnChooser
            columns={chooserColumnsOf(columns, layout)}
            onToggle={(id, visible) => setLayout(withColumn(layout, id, visible))}
            onShowAll={() => setLayout({ hidden: [] })}
          />
          {SavedViewsMenu ? (
            <CatalogueSavedViews
              Menu={SavedViewsMenu}
              state={state}
              setState={setState}
              layout={layout}
              setLayout={setLayout}
            />
          ) : null}
          {toolbar?.(state, setState, selectedIds)}
          <PhoneSortSelect state={state} onChange={setState} />
        </div>
      </div>
      <ActiveFilterChips
        filters={active}
        onRemove={(key) => setState(setFilter(state, key, undefined))}
        onReset={canResetFilters ? onResetFilters : undefined}
        onFocusLost={focusFiltersButton}
      />
      <CatalogueNotices savedAt={query.data?.savedAt} isOnline={isOnline} />
      {markDrafts ? <MarkDrafts drafts={markDrafts} /> : null}
      {selectedIds.length > 0 ? (
        <SelectedSitesBar count={selectedIds.length} onMark={bulk} />
      ) : null}
      <OpenedLazily open={isFilterOpen}>
        {(isOpen) => (
          <FilterPanel
            open={isOpen}
            onClose={() => setFilterOpen(false)}
            state={state}
            onChange={setState}
            defaults={defaults}
            showAdditional={showAdditional}
          />
        )}
      </OpenedLazily>
      {query.isError && !query.data ? (
        isUnavailableOffline ? (
          <EmptyState title="Not available offline" description={query.error.message} />
        ) : (
          <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
        )
      ) : (
        <Card className="overflow-hidden">
          {query.isSuccess && total === 0 ? (
            <NoSitesMatch
              onResetFilters={
                canResetFilters
                  ? () => {
                      onResetFilters();
                      focusFiltersButton();
                    }
                  : undefined
              }
              onClearSearch={
                state.filter.search
                  ? () => {
                      onSearch('');
                      document.getElementById('catalogue-search')?.focus();
                    }
                  : undefined
              }
            />
          ) : (
            <CatalogueTable
              sites={sites}
              columns={columns}
              isLoading={query.isPending}
              isFetching={query.isFetching}
              sorting={effectiveState.sorting}
              columnVisibility={columnVisibility}
              rowSelection={rowSelection}
              onRowSelectionChange={setRowSelection}
              onSort={onSort}
              onHideColumn={onHideColumn}
              onMark={onMark}
              skeletonRows={Math.min(limit, 10)}
            />
          )}
          {query.isPending ? <LoadingAnnouncement>Loading sites…</LoadingAnnouncement> : null}
          {query.data ? (
            <Pagination
              // The page the rows on screen belong to: while the next page loads, the previous
              // one stays shown, and so does its number.
              page={query.data.list.pagination.page}
              limit={limit}
              total={total}
              pageSizeOptions={SITE_PAGE_SIZES}
              onPageChange={(next) => setState({ ...state, page: next })}
              onLimitChange={(next) => setState({ ...state, limit: next, page: undefined })}
            />
          ) : null}
        </Card>
      )}
    </section>
  );
}
