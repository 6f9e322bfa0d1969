// Reference data every installation needs (niches, content plans, countries, ...). It is inserted
// on every start and left alone when present, so it is not demo data.
import isoCountries from 'i18n-iso-countries';

import type { Database } from './database.ts';
import * as reference from './schema/reference.ts';
import { stableUuid } from './stable-id.ts';

export interface CountryData {
  isoCode: string;
  title: string;
  language: string;
  tld: string;
}

export const COUNTRIES: readonly CountryData[] = [
  { isoCode: 'US', title: 'United States', language: 'English', tld: '.us' },
  { isoCode: 'GB', title: 'United Kingdom', language: 'English', tld: '.co.uk' },
  { isoCode: 'DE', title: 'Germany', language: 'German', tld: '.de' },
  { isoCode: 'FR', title: 'France', language: 'French', tld: '.fr' },
  { isoCode: 'ES', title: 'Spain', language: 'Spanish', tld: '.es' },
  { isoCode: 'IT', title: 'Italy', language: 'Italian', tld: '.it' },
  { isoCode: 'NL', title: 'Netherlands', language: 'Dutch', tld: '.nl' },
  { isoCode: 'PL', title: 'Poland', language: 'Polish', tld: '.pl' },
  { isoCode: 'SE', title: 'Sweden', language: 'Swedish', tld: '.se' },
  { isoCode: 'CA', title: 'Canada', language: 'English', tld: '.ca' },
  { isoCode: 'AU', title: 'Australia', language: 'English', tld: '.com.au' },
  { isoCode: 'IE', title: 'Ireland', language: 'English', tld: '.ie' },
  { isoCode: 'AT', title: 'Austria', language: 'German', tld: '.at' },
  { isoCode: 'CH', title: 'Switzerland', language: 'German', tld: '.ch' },
  { isoCode: 'BE', title: 'Belgium', language: 'Dutch', tld: '.be' },
  { isoCode: 'DK', title: 'Denmark', language: 'Danish', tld: '.dk' },
  { isoCode: 'NO', title: 'Norway', language: 'Norwegian', tld: '.no' },
  { isoCode: 'FI', title: 'Finland', language: 'Finnish', tld: '.fi' },
  { isoCode: 'PT', title: 'Portugal', language: 'Portuguese', tld: '.pt' },
  { isoCode: 'BR', title: 'Brazil', language: 'Portuguese', tld: '.com.br' },
  { isoCode: 'MX', title: 'Mexico', language: 'Spanish', tld: '.mx' },
  { isoCode: 'CZ', title: 'Czechia', language: 'Czech', tld: '.cz' },
  { isoCode: 'RO', title: 'Romania', language: 'Romanian', tld: '.ro' },
  { isoCode: 'GR', title: 'Greece', language: 'Greek', tld: '.gr' },
  { isoCode: 'IN', title: 'India', language: 'English', tld: '.in' },
  { isoCode: 'JP', title: 'Japan', language: 'Japanese', tld: '.jp' },
  { isoCode: 'NZ', title: 'New Zealand', language: 'English', tld: '.co.nz' },
  { isoCode: 'ZA', title: 'South Africa', language: 'English', tld: '.co.za' },
];

/**
 * Every ISO 3166-1 country (English names), for company addresses and checkout (decision 080).
 * The countries above keep their titles and ids; the rest get theirs from the code.
 */
export function allCountries(): { isoCode: string; title: string }[] {
  const known = new Set(COUNTRIES.map((country) => country.isoCode));
  const rest = Object.entries(isoCountries.getNames('en', { select: 'official' }))
    .filter(([code]) => !known.has(code))
    .map(([isoCode, title]) => ({ isoCode, title }));
  return [...COUNTRIES.map(({ isoCode, title }) => ({ isoCode, title })), ...rest];
}

export const GENERIC_TLDS = ['.com', '.net', '.org', '.io', '.co', '.info', '.biz', '.eu'] as const;

export const BUSINESS_TYPES = [
  'Agency',
  'Brand',
  'E-commerce',
  'Affiliate',
  'SaaS',
  'Publisher',
  'Other',
] as const;

/** General first: every site has a General price; the others are the niche selector's options. */
export const NICHES = [
  { slug: 'general', title: 'General' },
  { slug: 'casino', title: 'Casino' },
  { slug: 'cbd', title: 'CBD' },
  { slug: 'crypto', title: 'Crypto' },
  { slug: 'dating', title: 'Dating' },
  { slug: 'forex', title: 'Forex' },
] as const;
export type NicheSlug = (typeof NICHES)[number]['slug'];

export const PLACEMENT_PERIODS = [
  { title: '6 months', months: 6 },
  { title: '1 year', months: 12 },
  { title: '2 years', months: 24 },
  { title: '3 years', months: 36 },
  { title: 'Permanent', months: null },
] as const;

export const WEBSITE_TOPICS = [
  'Automotive',
  'Business',
  'Education',
  'Entertainment',
  'Fashion',
  'Finance',
  'Food and Drink',
  'Gaming',
  'Health',
  'Home and Garden',
  'Lifestyle',
  'Marketing',
  'News',
  'Parenting',
  'Pets',
  'Real Estate',
  'Science',
  'Sports',
  'Technology',
  'Travel',
] as const;

export const CONTENT_PRODUCT_PLANS = [
  {
    slug: 'provide',
    title: 'I will provide the article and image',
    features: [],
    minWordsAmount: null,
    maxWordsAmount: null,
    isMaxWordsAmountExceedAllowed: false,
    price: '0.00',
  },
  {
    slug: 'standard',
    title: 'Standard',
    features: ['proofreading', 'internal_and_trust_links', 'topic_suggestions'],
    minWordsAmount: 500,
    maxWordsAmount: 500,
    isMaxWordsAmountExceedAllowed: false,
    price: '25.00',
  },
  {
    slug: 'premium',
    title: 'Premium',
    features: ['everything_from_standard', 'personal_writing_team', 'unlimited_adjustments'],
    minWordsAmount: 1000,
    maxWordsAmount: 1000,
    isMaxWordsAmountExceedAllowed: true,
    price: '45.00',
  },
] as const;

export const referenceIds = {
  country: (isoCode: string) => stableUuid(`country:${isoCode}`),
  niche: (slug: NicheSlug) => stableUuid(`niche:${slug}`),
  placementPeriod: (title: string) => stableUuid(`site-placement-period:${title}`),
};

function domainLanguageTitles(): string[] {
  return [...new Set(COUNTRIES.map((country) => country.language))].sort();
}

export function topLevelDomainTitles(): string[] {
  return [...new Set([...GENERIC_TLDS, ...COUNTRIES.map((country) => country.tld)])];
}

/** Inserts the reference rows that are missing; existing rows are left as they are. */
export async function seedReferenceData(db: Database): Promise<void> {
  await db
    .insert(reference.countries)
    .values(
      allCountries().map((c) => ({
        id: referenceIds.country(c.isoCode),
        isoCode: c.isoCode,
        title: c.title,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(reference.businessTypes)
    .values(BUSINESS_TYPES.map((title) => ({ id: stableUuid(`business-type:${title}`), title })))
    .onConflictDoNothing();
  await db
    .insert(reference.niches)
    .values(NICHES.map((n, position) => ({ id: referenceIds.niche(n.slug), ...n, position })))
    .onConflictDoNothing();
  await db
    .insert(reference.topLevelDomains)
    .values(topLevelDomainTitles().map((title) => ({ id: stableUuid(`tld:${title}`), title })))
    .onConflictDoNothing();
  await db
    .insert(reference.sitePlacementPeriods)
    .values(
      PLACEMENT_PERIODS.map((p, position) => ({
        id: referenceIds.placementPeriod(p.title),
        ...p,
        position,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(reference.domainLanguages)
    .values(
      domainLanguageTitles().map((title) => ({
        id: stableUuid(`domain-language:${title}`),
        title,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(reference.websiteTopics)
    .values(WEBSITE_TOPICS.map((title) => ({ id: stableUuid(`website-topic:${title}`), title })))
    .onConflictDoNothing();
  await db
    .insert(reference.contentProductPlans)
    .values(
      CONTENT_PRODUCT_PLANS.map((plan, position) => ({
        id: stableUuid(`content-product-plan:${plan.slug}`),
        ...plan,
        features: [...plan.features],
        position,
      })),
    )
    .onConflictDoNothing();
}
