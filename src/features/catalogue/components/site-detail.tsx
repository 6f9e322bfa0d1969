import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import {
  LINK_TYPE_TITLES,
  type Site,
  SITE_FIELD_LABELS,
  SPONSOR_TAG_TYPE_TITLES,
  UUID_PATTERN,
} from '#contract/catalogue.ts';
import { hostnameToUnicode } from '#contract/idna.ts';
import type { SiteDetail } from '#contract/site-detail.ts';
import {
  SITE_METRIC_BY_KEY,
  SITE_METRICS,
  type SiteMetricKey,
  type SiteMetricKind,
} from '#contract/site-metrics.ts';
import { Alert } from '#src/components/alert.tsx';
import { Card, CardHeader } from '#src/components/card.tsx';
import { PageHeader } from '#src/components/page-header.tsx';
import { Skeleton } from '#src/components/skeleton.tsx';
import { EmptyState, ErrorState, NotFoundState } from '#src/components/state-blocks.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { useRetryAfterNetworkError } from '#src/hooks/use-retry-after-network-error.ts';
import { isApiError, NetworkError } from '#src/lib/api-client.ts';
import { formatDate, formatMoney, formatRatio } from '#src/utils/format.ts';

import { catalogueQueries } from '../api/queries.ts';
import { CountryFlag } from './country-flag.tsx';
import { siteUrl } from './site-columns.tsx';

export const DATA_UPDATE_NOTE = 'Data is updated 1-2 times a month.';
const numberFormat = new Intl.NumberFormat('en-US');

function priceText(price: string): string {
  return Number(price) === 0 ? 'free' : formatMoney(price);
}

/** Where the page shows the metrics, in order (the price is listed per niche instead). */
const PLACED_METRICS = {
  thirdParty: [
    'ahrefs_domain_rating',
    'ahrefs_url_rating',
    'ahrefs_organic_traffic',
    'main_country_traffic',
    'ahrefs_keywords_top3',
    'ahrefs_keywords410',
    'majestic_trust_flow',
    'majestic_citation_flow',
    'tf_cf',
    'moz_domain_authority',
    'moz_spam_score',
    'semrush_authority_score',
  ],
  referringDomains: ['ahrefs_referring_domains', 'rd_ot'],
  notShown: ['ahrefs_keywords_top10', 'price'],
} as const satisfies Record<string, readonly SiteMetricKey[]>;
const placed: ReadonlySet<SiteMetricKey> = new Set(Object.values(PLACED_METRICS).flat());

/** The metrics of each card; a metric not placed above joins the third-party metrics. */
export const DETAIL_METRICS: Record<keyof typeof PLACED_METRICS, readonly SiteMetricKey[]> = {
  ...PLACED_METRICS,
  thirdParty: [
    ...PLACED_METRICS.thirdParty,
    ...SITE_METRICS.map((metric) => metric.key).filter((key) => !placed.has(key)),
  ],
};

/** Scores are shown as they are, counts with separators, ratios as percentages. */
function metricText(kind: SiteMetricKind, value: Site[SiteMetricKey]): ReactNode {
  switch (kind) {
    case 'money':
      return priceText(String(value));
    case 'percent':
      return formatRatio(value as number | null);
    case 'count':
      return numberFormat.format(value as number);
    case 'score':
      return value;
  }
}

function metricFacts(site: Site, keys: readonly SiteMetricKey[]): [string, ReactNode][] {
  return keys.map((key) => {
    const { label, kind } = SITE_METRIC_BY_KEY[key];
    return [label, metricText(kind, site[key])];
  });
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 px-5 py-4 text-sm sm:grid-cols-3">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-medium text-slate-500">{label}</dt>
          <dd className="mt-0.5 font-medium text-slate-900">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function SimilarList({
  title,
  sites,
  measure,
}: {
  title: string;
  sites: Site[];
  measure: (s: Site) => string;
}) {
  return (
    <Card>
      <CardHeader title={title} headingLevel={3} />
      {sites.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-500">No similar sites found.</p>
      ) : (
        <ul aria-label={title} className="divide-y divide-slate-100">
          {sites.map((other) => (
            <li
              key={other.id}
              className="flex items-center justify-between gap-3 px-5 py-2 text-sm"
            >
              <Link
                to={`/sites/${other.id}`}
                className="font-medium text-indigo-700 hover:underline"
              >
                {hostnameToUnicode(other.hostname)}
              </Link>
              <span className="text-slate-600 tabular-nums">{measure(other)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Whose mark it is: the buyer's own, the company's, or both (decision 207); null for none. */
export function markOwners(isPersonal: boolean, isCompany: boolean): string | null {
  if (isPersonal && isCompany) return 'Just for me and for the company';
  if (isCompany) return 'For the company';
  return isPersonal ? 'Just for me' : null;
}

/** The site's own facts: country, language, topic, link type and dates, and the buyer's marks. */
function WebsiteInfoCard({ site }: { site: SiteDetail }) {
  return (
    <Card>
      <CardHeader title="Website info" />
      {site.description ? (
        <p className="px-5 pt-4 text-sm text-slate-700">{site.description}</p>
      ) : null}
      <Facts
        items={[
          [
            'Main country',
            site.main_country ? (
              <span className="inline-flex items-center gap-1.5">
                <CountryFlag code={site.main_country.code} size="md" />
                {site.main_country.title}
              </span>
            ) : null,
          ],
          [SITE_FIELD_LABELS.domain_language, site.domain_language],
          [SITE_FIELD_LABELS.website_topic, site.website_topic],
          [SITE_FIELD_LABELS.tld, site.tld],
          [SITE_FIELD_LABELS.ip_address, site.ip_address],
          [SITE_FIELD_LABELS.link_type, LINK_TYPE_TITLES[site.link_type]],
          [SITE_FIELD_LABELS.sponsor_tag_type, SPONSOR_TAG_TYPE_TITLES[site.sponsor_tag_type]],
          ['Placement period', site.placement_period?.title],
          ['Last placement', formatDate(site.last_placement_at)],
          [SITE_FIELD_LABELS.relevance_at, formatDate(site.relevance_at)],
          [SITE_FIELD_LABELS.updated_at, formatDate(site.updated_at)],
          ['Favorite', markOwners(site.is_marked_as_favorite, site.is_company_favorite)],
          ['Blacklisted', markOwners(site.is_in_blacklist, site.is_in_company_blacklist)],
        ]}
      />
    </Card>
  );
}

/** How many domains refer to the site, with a sample of them. */
function ReferringDomainsCard({ site }: { site: SiteDetail }) {
  return (
    <Card>
      <CardHeader title="Referring domains" />
      <Facts items={metricFacts(site, DETAIL_METRICS.referringDomains)} />
      {site.referring_domains.length ? (
        <ul
          aria-label="Sample of referring domains"
          className="flex flex-wrap gap-1.5 border-t border-slate-100 px-5 py-3"
        >
          {site.referring_domains.map((hostname) => (
            <li
              key={hostname}
              className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700"
            >
              {hostnameToUnicode(hostname)}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

/** Whether the site links to the chosen buyer domain and to its competitors. */
function CompetitorMatchupCard({ site, buyerDomain }: { site: Site; buyerDomain: string | null }) {
  return (
    <Card>
      <CardHeader title="Competitor matchup" />
      <div className="px-5 py-4 text-sm text-slate-700">
        {buyerDomain ? (
          <>
            <p>
              {site.is_back_linked
                ? 'This site already links to your domain.'
                : 'This site does not link to your domain yet.'}
            </p>
            {site.competitors.length ? (
              <>
                <p className="mt-2">It links to {site.competitors.length} of your competitors:</p>
                <ul className="mt-1 list-inside list-disc">
                  {site.competitors.map((c) => (
                    <li key={c.hostname}>{hostnameToUnicode(c.hostname)}</li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="mt-2">It does not link to any of your competitors.</p>
            )}
          </>
        ) : (
          <p>Choose one of your domains on the home page to compare it with this site.</p>
        )}
      </div>
    </Card>
  );
}

/** The niches the site accepts, each with its price per article. */
function NichePricesCard({ site }: { site: SiteDetail }) {
  return (
    <Card>
      <CardHeader title="Accepted niches" description="Price per article, excluding VAT" />
      {site.prices.length ? (
        <table className="min-w-full text-sm">
          <caption className="sr-only">Price per niche</caption>
          <thead>
            <tr className="text-left text-xs text-slate-500">
              <th scope="col" className="px-5 py-2 font-medium">
                Niche
              </th>
              <th scope="col" className="px-5 py-2 text-right font-medium">
                Price
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {site.prices.map((p) => (
              <tr key={p.niche.id}>
                <td className="px-5 py-2 text-slate-700">{p.niche.title}</td>
                <td className="px-5 py-2 text-right font-medium text-slate-900 tabular-nums">
                  {priceText(p.price)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="px-5 py-4 text-sm text-slate-500">No niches accepted.</p>
      )}
    </Card>
  );
}

/** Domain detail (spec §2): 'Details about {hostname}'. */
export function SiteDetailView({
  id,
  buyerDomain,
  renderBuyAction,
  backTo,
}: {
  id: string;
  buyerDomain: string | null;
  /** The buy action, composed by the page (the cart lives in its own feature). */
  renderBuyAction?: (site: Site) => ReactNode;
  /** The list the buyer came from, with its filters. */
  backTo: string;
}) {
  const isValidId = UUID_PATTERN.test(id);
  const query = useQuery({ ...catalogueQueries.detail(id, buyerDomain), enabled: isValidId });
  const isOnline = useOnlineStatus();
  const isUnavailableOffline =
    !query.data && (query.error instanceof NetworkError || (query.isPending && !isOnline));
  useRetryAfterNetworkError(isUnavailableOffline, query.refetch);

  // A malformed or unknown id: trying again cannot help, going back to the list can.
  if (!isValidId || isApiError(query.error, 404) || isApiError(query.error, 400)) {
    return (
      <>
        <PageHeader title="Site details" />
        <NotFoundState
          title="Site not found"
          description="The address may be mistyped, or the site is no longer in the catalogue."
          backTo={backTo}
          backLabel="Back to the list"
        />
      </>
    );
  }
  if (isUnavailableOffline) {
    return (
      <>
        <PageHeader title="Site details" />
        <EmptyState
          title="Not available offline"
          description="This site's details are not saved on this device yet. They load by themselves once you are back online."
        />
      </>
    );
  }
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading site details" className="space-y-4">
        <Skeleton className="h-8 w-80" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (!query.data) {
    return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  }

  const site = query.data;
  return (
    <>
      <Link
        to={backTo}
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline"
      >
        <span aria-hidden="true">←</span> Back to the list
      </Link>
      <PageHeader
        title={`Details about ${hostnameToUnicode(site.hostname)}`}
        actions={renderBuyAction?.(site)}
        description={
          <a
            href={siteUrl(site.hostname)}
            target="_blank"
            rel="noopener noreferrer"
            className="text-indigo-700 hover:underline"
          >
            Visit {hostnameToUnicode(site.hostname)}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        }
      />
      {isOnline ? null : (
        <Alert variant="info" className="mb-4">
          You are offline: this site is shown as last loaded.
        </Alert>
      )}
      <Alert variant="info" className="mb-4">
        {DATA_UPDATE_NOTE}
      </Alert>
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <WebsiteInfoCard site={site} />
          <Card>
            <CardHeader title="Third-party metrics" />
            <Facts items={metricFacts(site, DETAIL_METRICS.thirdParty)} />
          </Card>
          <ReferringDomainsCard site={site} />
          <CompetitorMatchupCard site={site} buyerDomain={buyerDomain} />
          {site.comments ? (
            <Card>
              <CardHeader title="Comments" />
              <p className="px-5 py-4 text-sm whitespace-pre-line text-slate-700">
                {site.comments}
              </p>
            </Card>
          ) : null}
        </div>
        <div className="space-y-4">
          <NichePricesCard site={site} />
          <SimilarList
            title="Similar DR"
            sites={site.similar.by_domain_rating}
            measure={(s) => `DR ${s.ahrefs_domain_rating}`}
          />
          <SimilarList
            title="Similar price"
            sites={site.similar.by_price}
            measure={(s) => priceText(s.price)}
          />
          <SimilarList
            title="Similar traffic"
            sites={site.similar.by_traffic}
            measure={(s) => numberFormat.format(s.ahrefs_organic_traffic)}
          />
        </div>
      </div>
    </>
  );
}
