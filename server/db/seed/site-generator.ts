// Generates catalogue sites with realistic, skewed metrics: most sites have a low domain rating,
// traffic is log-normal and grows with the rating, and a minority accept the special niches at
// higher prices. Pure: the same random generator state gives the same sites.
import {
  COUNTRIES,
  type CountryData,
  GENERIC_TLDS,
  type NicheSlug,
  PLACEMENT_PERIODS,
  referenceIds,
  WEBSITE_TOPICS,
} from '../reference-data.ts';
import type { SiteMetricRow } from '../site-metrics.ts';
import type { Random } from './random.ts';

/** A site row to insert; its metrics are those of contract/site-metrics.ts stored on the row. */
export interface GeneratedSite extends SiteMetricRow {
  id: string;
  hostname: string;
  ipAddress: string;
  sponsorTagType: 'rel_sponsored' | 'image_tag' | 'no_tag' | 'marked_by_wm';
  linkType: 'do_follow' | 'no_follow';
  mainCountryId: string;
  domainLanguage: string;
  websiteTopic: string;
  tld: string;
  placementPeriodId: string;
  lastPlacementAt: string | null;
  updatedAt: string;
  relevanceAt: string | null;
  comments: string | null;
  description: string;
  /** Price per niche in cents; always has 'general'. */
  pricesInCents: Partial<Record<NicheSlug, number>>;
}

const NAME_HEADS = (
  'alpine amber bright urban green silver coastal daily smart happy modern rapid royal ' +
  'solar swift golden little noble nordic open pure red blue simple true wild clever bold ' +
  'cosy crisp fresh grand lucky metro north prime quiet stellar summit vivid'
).split(' ');
const NAME_BODIES = (
  'garden travel kitchen money tech health style home pet auto budget career coffee craft ' +
  'design family fitness food game hiking invest market motor music parent photo recipe ' +
  'science sport startup student wellness wine yoga beauty bike book camera estate fashion ' +
  'finance gadget interior mobile outdoor property running software surf trip village web ' +
  'writer zen ocean river forest city island valley'
).split(' ');
const TAIL_WORDS = 'hub daily news blog times mag guide insider world zone journal post lab life';
/** Three names in twenty have no tail word. */
const NAME_TAILS = ['', '', '', ...`${TAIL_WORDS} spot corner review`.split(' ')];

const SPONSOR_TAG_TYPES = [
  ['no_tag', 45],
  ['rel_sponsored', 30],
  ['marked_by_wm', 15],
  ['image_tag', 10],
] as const;

/** Weight of each country as a site's main market. */
const COUNTRY_WEIGHTS: Record<string, number> = {
  US: 30,
  GB: 12,
  DE: 8,
  FR: 5,
  ES: 4,
  IT: 4,
  CA: 4,
  AU: 4,
  NL: 3,
};

const PLACEMENT_PERIOD_WEIGHTS = PLACEMENT_PERIODS.map(
  (period) => [period.title, period.months === 12 ? 35 : period.months === null ? 25 : 12] as const,
);

/** Share of sites accepting a special niche, and the price factor over General. */
const SPECIAL_NICHES: readonly (readonly [NicheSlug, number, number, number])[] = [
  ['casino', 0.15, 1.6, 2.6],
  ['cbd', 0.12, 1.3, 2.0],
  ['crypto', 0.2, 1.3, 2.2],
  ['dating', 0.15, 1.2, 1.8],
  ['forex', 0.15, 1.4, 2.3],
];

/** First octets of public hosting ranges (no private, loopback or multicast addresses). */
const PUBLIC_FIRST_OCTETS = [
  5, 23, 31, 37, 45, 51, 62, 77, 78, 81, 85, 91, 104, 136, 142, 151, 185,
];

const COMMENTS = [
  'No casino content on the homepage.',
  'Articles are published within 5 working days.',
  'The publisher asks for original images.',
  'Links are reviewed by the editor before publication.',
  'Sponsored label added at the end of the article.',
];

export interface SiteGeneratorOptions {
  random: Random;
  /** The day the catalogue data counts as refreshed; dates are spread before it. */
  today: Date;
}

/** Returns a function producing the next site each call; hostnames never repeat. */
export function createSiteGenerator({ random, today }: SiteGeneratorOptions): () => GeneratedSite {
  const usedHostnames = new Set<string>();
  const dayBefore = createDayFormatter(today);
  const weightedCountries = COUNTRIES.map(
    (country) => [country, COUNTRY_WEIGHTS[country.isoCode] ?? 1] as const,
  );

  return () => {
    const country = random.weighted(weightedCountries);
    const tld = pickTld(random, country);
    const hostname = uniqueHostname(random, tld, usedHostnames);
    const dr = 1 + Math.round(94 * random.next() ** 2.2);
    const traffic = random.chance(0.08)
      ? 0
      : Math.round(Math.exp(4.5 + dr * 0.065 + random.normal() * 1.5));
    const referringDomains = Math.max(
      1,
      Math.round(Math.exp(2 + dr * 0.085 + random.normal() * 0.8)),
    );
    const citationFlow = clamp(Math.round(dr * 0.7 + random.normal() * 8), 0, 100);
    const trustFlow = clamp(Math.round(citationFlow * (0.3 + random.next() * 0.8)), 0, 100);
    const top3 = Math.round(traffic / (150 + random.next() * 650));
    const keywords410 = Math.round(top3 * (1.5 + random.next() * 3));
    const topic = random.pick(WEBSITE_TOPICS);

    return {
      id: random.uuid(),
      hostname,
      ahrefsDomainRating: dr,
      ahrefsReferringDomains: referringDomains,
      ahrefsOrganicTraffic: traffic,
      ahrefsUrlRating: clamp(Math.round(dr * 0.45 + random.normal() * 6 + 8), 1, 100),
      ahrefsKeywordsTop3: top3,
      ahrefsKeywords410: keywords410,
      ahrefsKeywordsTop10: top3 + keywords410,
      majesticCitationFlow: citationFlow,
      majesticTrustFlow: trustFlow,
      mozSpamScore: clamp(Math.floor(40 * random.next() ** 3) + 1, 1, 100),
      mozDomainAuthority: clamp(Math.round(dr * 0.9 + random.normal() * 7), 1, 100),
      semrushAuthorityScore: clamp(Math.round(dr * 0.75 + random.normal() * 6), 1, 100),
      tfCf: citationFlow === 0 ? null : (trustFlow / citationFlow).toFixed(4),
      rdOt: traffic === 0 ? null : (referringDomains / traffic).toFixed(4),
      ipAddress: randomIpv4(random),
      sponsorTagType: random.weighted(SPONSOR_TAG_TYPES),
      linkType: random.chance(0.85) ? 'do_follow' : 'no_follow',
      mainCountryId: referenceIds.country(country.isoCode),
      mainCountryTraffic: Math.round(traffic * (0.3 + random.next() * 0.65)),
      domainLanguage: random.chance(0.9) ? country.language : 'English',
      websiteTopic: topic,
      tld,
      placementPeriodId: referenceIds.placementPeriod(random.weighted(PLACEMENT_PERIOD_WEIGHTS)),
      lastPlacementAt: random.chance(0.2) ? null : dayBefore(Math.floor(730 * random.next() ** 2)),
      updatedAt: dayBefore(random.int(0, 30)),
      relevanceAt: random.chance(0.05) ? null : dayBefore(Math.floor(365 * random.next() ** 1.5)),
      comments: random.chance(0.1) ? random.pick(COMMENTS) : null,
      description: `${topic} site for readers in ${country.title}.`,
      pricesInCents: nichePrices(random, dr),
    };
  };
}

function pickTld(random: Random, country: CountryData): string {
  if (random.chance(0.3)) return country.tld;
  return random.weighted(GENERIC_TLDS.map((tld) => [tld, tld === '.com' ? 60 : 5] as const));
}

function uniqueHostname(random: Random, tld: string, used: Set<string>): string {
  const separator = random.chance(0.25) ? '-' : '';
  const base = [random.pick(NAME_HEADS), random.pick(NAME_BODIES), random.pick(NAME_TAILS)]
    .filter(Boolean)
    .join(separator);
  let hostname = `${base}${tld}`;
  for (let n = 2; used.has(hostname); n += 1) hostname = `${base}${n}${tld}`;
  used.add(hostname);
  return hostname;
}

function nichePrices(random: Random, dr: number): Partial<Record<NicheSlug, number>> {
  const general = roundEuros(20 + 0.8 * dr ** 1.6 * (0.7 + random.next() * 0.7), random);
  const prices: Partial<Record<NicheSlug, number>> = { general };
  for (const [slug, share, minFactor, maxFactor] of SPECIAL_NICHES) {
    if (random.chance(share)) {
      prices[slug] = roundEuros(
        (general / 100) * (minFactor + random.next() * (maxFactor - minFactor)),
        random,
      );
    }
  }
  return prices;
}

/** Whole euros, or half euros now and then; returned in cents. */
function roundEuros(euros: number, random: Random): number {
  return Math.round(euros) * 100 + (random.chance(0.1) ? 50 : 0);
}

function randomIpv4(random: Random): string {
  const first = random.pick(PUBLIC_FIRST_OCTETS);
  return `${first}.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`;
}

/** Formats "n days before today" as YYYY-MM-DD, remembering each n (there are few distinct). */
function createDayFormatter(today: Date): (days: number) => string {
  const formatted = new Map<number, string>();
  return (days) => {
    let day = formatted.get(days);
    if (day === undefined) {
      const date = new Date(
        Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - days),
      );
      day = date.toISOString().slice(0, 10);
      formatted.set(days, day);
    }
    return day;
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
