import { asc, ilike } from 'drizzle-orm';

import { compareTitles } from '#contract/reference-data.ts';
import type { Database } from '#server/db/database.ts';
import { containsPattern } from '#server/db/like-pattern.ts';
import {
  businessTypes,
  contentProductPlans,
  countries,
  domainLanguages,
  niches,
  sitePlacementPeriods,
  topLevelDomains,
  websiteTopics,
} from '#server/db/schema/index.ts';

/** Every country, by its title as the interface's language sorts it (not the database's). */
export async function findCountries(db: Database) {
  const rows = await db
    .select({ id: countries.id, title: countries.title, code: countries.isoCode })
    .from(countries);
  return rows.sort(compareTitles);
}

export function findBusinessTypes(db: Database) {
  return db
    .select({ id: businessTypes.id, title: businessTypes.title })
    .from(businessTypes)
    .orderBy(asc(businessTypes.title));
}

export function findNiches(db: Database) {
  return db
    .select({ id: niches.id, title: niches.title, slug: niches.slug })
    .from(niches)
    .orderBy(asc(niches.position));
}

/** Top-level domains, all or those whose title contains `search`. */
export function findTopLevelDomains(db: Database, search: string | undefined) {
  return db
    .select({ id: topLevelDomains.id, title: topLevelDomains.title })
    .from(topLevelDomains)
    .where(search ? ilike(topLevelDomains.title, containsPattern(search)) : undefined)
    .orderBy(asc(topLevelDomains.title));
}

export function findSitePlacementPeriods(db: Database) {
  return db
    .select({
      id: sitePlacementPeriods.id,
      title: sitePlacementPeriods.title,
      months: sitePlacementPeriods.months,
    })
    .from(sitePlacementPeriods)
    .orderBy(asc(sitePlacementPeriods.position));
}

export function findDomainLanguages(db: Database) {
  return db
    .select({ id: domainLanguages.id, title: domainLanguages.title })
    .from(domainLanguages)
    .orderBy(asc(domainLanguages.title));
}

export function findWebsiteTopics(db: Database) {
  return db
    .select({ id: websiteTopics.id, title: websiteTopics.title })
    .from(websiteTopics)
    .orderBy(asc(websiteTopics.title));
}

export function findContentProductPlans(db: Database) {
  return db
    .select({
      id: contentProductPlans.id,
      slug: contentProductPlans.slug,
      title: contentProductPlans.title,
      features: contentProductPlans.features,
      min_words_amount: contentProductPlans.minWordsAmount,
      max_words_amount: contentProductPlans.maxWordsAmount,
      is_max_words_amount_exceed_allowed: contentProductPlans.isMaxWordsAmountExceedAllowed,
      price: contentProductPlans.price,
    })
    .from(contentProductPlans)
    .orderBy(asc(contentProductPlans.position));
}
