import { describe, expect, it } from 'vitest';

import { SITE_METRICS } from '#contract/site-metrics.ts';

import { RANGE_LABELS } from '../filter-labels.ts';
import { siteDataColumns } from './site-columns.tsx';
import { DETAIL_METRICS } from './site-detail.tsx';

describe('site metrics in the catalogue screens', () => {
  it('give every range filter its label', () => {
    expect(RANGE_LABELS).toEqual({
      ahrefs_domain_rating: 'DR',
      ahrefs_referring_domains: 'Referring domains',
      ahrefs_organic_traffic: 'Organic traffic',
      ahrefs_url_rating: 'UR',
      ahrefs_keywords_top3: 'Top-3 keywords',
      ahrefs_keywords410: '4-10 keywords',
      ahrefs_keywords_top10: 'Top-10 keywords',
      majestic_citation_flow: 'Citation flow',
      majestic_trust_flow: 'Trust flow',
      moz_spam_score: 'Spam score',
      moz_domain_authority: 'Domain authority',
      semrush_authority_score: 'Authority score',
      tf_cf: 'TF/CF ratio',
      rd_ot: 'RD/OT ratio',
      price: 'Price (€)',
      main_country_traffic: 'Main country traffic',
    });
  });

  it('are table columns exactly when they have a header, sortable by their key', () => {
    const columns = siteDataColumns({ showAdditional: true });
    const ids = columns.map((column) => column.id);
    for (const metric of SITE_METRICS) {
      const column = columns.find((c) => c.id === metric.key);
      if ('header' in metric) {
        expect(column?.header).toBe(metric.header);
        expect(column?.meta).toEqual({
          label: metric.header,
          isNumeric: true,
          sortColumn: metric.key,
        });
      } else {
        expect(ids).not.toContain(metric.key);
      }
    }
  });

  it('keep the order of the table columns', () => {
    expect(siteDataColumns({ showAdditional: true }).map((column) => column.id)).toEqual([
      'hostname',
      'is_back_linked',
      'competitors',
      'ahrefs_domain_rating',
      'ahrefs_referring_domains',
      'ahrefs_organic_traffic',
      'majestic_trust_flow',
      'majestic_citation_flow',
      'main_country',
      'link_type',
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
      'website_topic',
      'price',
      'actions',
    ]);
  });

  it('are each placed on the detail page once, or left out on purpose', () => {
    const placed = Object.values(DETAIL_METRICS).flat();
    expect([...placed].sort()).toEqual(SITE_METRICS.map((metric) => metric.key).sort());
  });
});
