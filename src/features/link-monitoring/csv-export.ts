/**
 * The CSV export of the link monitoring list, made in the browser (decision 147): every page of
 * the current filter fetched 100 rows at a time, written with papaparse (loaded only when an
 * export starts) and handed to the browser as a download.
 */
import dayjs from 'dayjs';

import { hostnameToUnicode } from '#contract/idna.ts';
import {
  LINK_CHECK_OUTCOME_TITLES,
  LINK_HEALTH_TITLES,
  type MonitoredLink,
} from '#contract/link-monitoring.ts';
import { hasMorePages } from '#contract/pagination.ts';
import { saveFile } from '#src/lib/save-file.ts';

import { fetchMonitoredLinks } from './api/requests.ts';
import { type LinkListFilter, serverQueryString } from './list-state.ts';

/** Rows asked for per request: the most the server gives in one page. */
export const EXPORT_PAGE_SIZE = 100;

type Cell = string | number | null;

/** The columns of the file; times stay ISO-8601 as the API gives them, like the order export. */
const COLUMNS: readonly [string, (link: MonitoredLink) => Cell][] = [
  ['Item', (l) => l.item.number],
  ['Order', (l) => l.order.number],
  ['Live link', (l) => l.live_link],
  ['Site', (l) => hostnameToUnicode(l.site_hostname)],
  ['Buyer domain', (l) => hostnameToUnicode(l.buyer_domain.hostname)],
  ['Target URL', (l) => l.target_url],
  ['Anchor text', (l) => l.anchor_text],
  ['Health', (l) => LINK_HEALTH_TITLES[l.health]],
  ['Last check', (l) => l.last_check?.checked_at ?? null],
  [
    'Last check result',
    (l) => (l.last_check ? LINK_CHECK_OUTCOME_TITLES[l.last_check.outcome] : null),
  ],
  ['HTTP status', (l) => l.last_check?.http_status ?? null],
  ['Detail', (l) => l.last_check?.detail ?? null],
  ['Next check', (l) => l.next_check_at],
  ['Published', (l) => l.published_at],
  ['Guarantee ends', (l) => l.guarantee_ends_at],
  ['Open issue', (l) => (l.open_issue ? LINK_CHECK_OUTCOME_TITLES[l.open_issue.outcome] : null)],
  ['Issue opened', (l) => l.open_issue?.opened_at ?? null],
];

export interface ExportProgress {
  loaded: number;
  total: number;
}

/** Every link of the filter, page after page; a link seen on two pages is kept once. */
export async function fetchAllLinks(
  filter: LinkListFilter,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<MonitoredLink[]> {
  const links = new Map<string, MonitoredLink>();
  for (let page = 1; ; page += 1) {
    const answer = await fetchMonitoredLinks(
      serverQueryString({ filter, page, limit: EXPORT_PAGE_SIZE }),
      signal,
    );
    for (const link of answer.data) links.set(link.item.id, link);
    const total = Math.max(answer.pagination.total, links.size);
    onProgress({ loaded: links.size, total });
    if (answer.data.length === 0 || !hasMorePages(answer.pagination)) break;
  }
  return [...links.values()];
}

/**
 * The file's text: a byte-order mark (so that spreadsheet programs read it as UTF-8, like the site
 * export), a header row, one row per link, formula-like text made inert.
 */
export async function linksCsv(links: readonly MonitoredLink[]): Promise<string> {
  const { default: Papa } = await import('papaparse');
  return `\uFEFF${Papa.unparse(
    {
      fields: COLUMNS.map(([title]) => title),
      data: links.map((link) => COLUMNS.map(([, cell]) => cell(link))),
    },
    { escapeFormulae: true, newline: '\r\n' },
  )}`;
}

/** link-monitoring-YYYY-MM-DD.csv, dated on the buyer's day. */
export function exportFileName(now: Date = new Date()): string {
  return `link-monitoring-${dayjs(now).format('YYYY-MM-DD')}.csv`;
}

/** Hands a text to the browser as a file download. */
export function downloadText(text: string, fileName: string): void {
  saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}
