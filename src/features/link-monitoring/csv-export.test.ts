import Papa from 'papaparse';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockApi } from '#src/test-utils/api.ts';
import {
  makeLinkCheck,
  makeLinkIssue,
  makeMonitoredLink,
  makeMonitoredLinkList,
} from '#src/test-utils/factories.ts';

import { exportFileName, fetchAllLinks, linksCsv } from './csv-export.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('link monitoring CSV', () => {
  it('names the file after the buyer’s day', () => {
    expect(exportFileName(new Date(2026, 10, 5, 23, 59))).toBe('link-monitoring-2026-11-05.csv');
  });

  it('writes a header and one row per link, in words, with formulas made inert', async () => {
    const broken = makeMonitoredLink({
      item: { id: '00000000-0000-4000-8000-0000000000f1', number: '100001-2' },
      health: 'issue',
      anchor_text: '=HYPERLINK("x")',
      last_check: makeLinkCheck({
        outcome: 'wrong_rel',
        detail: 'rel="nofollow"',
        checked_at: '2026-11-20T08:30:00Z',
      }),
      open_issue: makeLinkIssue({ outcome: 'wrong_rel', opened_at: '2026-11-18T09:00:00Z' }),
    });
    const file = await linksCsv([makeMonitoredLink(), broken]);
    // A byte-order mark first, so that spreadsheet programs read UTF-8.
    expect(file.startsWith('\uFEFFItem,')).toBe(true);
    const csv = file.slice(1);
    expect(csv.split('\r\n')).toHaveLength(3);
    const rows = Papa.parse<string[]>(csv).data;
    expect(rows[0]).toEqual([
      'Item',
      'Order',
      'Live link',
      'Site',
      'Buyer domain',
      'Target URL',
      'Anchor text',
      'Health',
      'Last check',
      'Last check result',
      'HTTP status',
      'Detail',
      'Next check',
      'Published',
      'Guarantee ends',
      'Open issue',
      'Issue opened',
    ]);
    expect(rows[1]!.slice(0, 8)).toEqual([
      '100001-1',
      '100001',
      'https://news.example.com/article',
      'news.example.com',
      'shop.example.org',
      'https://shop.example.org/',
      'best shop',
      'Healthy',
    ]);
    expect(rows[2]).toEqual([
      '100001-2',
      '100001',
      'https://news.example.com/article',
      'news.example.com',
      'shop.example.org',
      'https://shop.example.org/',
      `'=HYPERLINK("x")`,
      'Issue open',
      '2026-11-20T08:30:00Z',
      'Wrong rel attribute',
      '200',
      'rel="nofollow"',
      '2026-11-21T08:30:00Z',
      '2026-11-01T12:00:00Z',
      '2027-11-01T12:00:00Z',
      'Wrong rel attribute',
      '2026-11-18T09:00:00Z',
    ]);
  });

  it('writes internationalised names in Unicode, as the list shows them', async () => {
    const link = makeMonitoredLink({
      site_hostname: 'xn--mnchen-3ya.de',
      buyer_domain: { id: '00000000-0000-4000-8000-0000000000f2', hostname: 'xn--mller-kva.de' },
      live_link: 'https://xn--mnchen-3ya.de/article',
    });
    const rows = Papa.parse<string[]>((await linksCsv([link])).slice(1)).data;
    expect(rows[1]!.slice(2, 5)).toEqual([
      'https://xn--mnchen-3ya.de/article',
      'münchen.de',
      'müller.de',
    ]);
  });

  it('fetches every page of the filter, 100 at a time, and reports its progress', async () => {
    const links = Array.from({ length: 230 }, (_, i) =>
      makeMonitoredLink({
        item: {
          id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
          number: `1-${i}`,
        },
      }),
    );
    const { calls } = mockApi((call) => {
      const page = Number(call.url.searchParams.get('page'));
      const limit = Number(call.url.searchParams.get('limit'));
      return jsonResponse(
        makeMonitoredLinkList(links.slice((page - 1) * limit, page * limit), {
          page,
          limit,
          total: links.length,
        }),
      );
    });
    const progress: { loaded: number; total: number }[] = [];
    const all = await fetchAllLinks({ health: ['issue'] }, (p) => progress.push(p));
    expect(all).toHaveLength(230);
    expect(calls.map((call) => call.url.searchParams.get('page'))).toEqual(['1', '2', '3']);
    expect(calls.every((call) => call.url.searchParams.get('limit') === '100')).toBe(true);
    expect(calls[0]!.url.searchParams.getAll('filter[health][]')).toEqual(['issue']);
    expect(progress).toEqual([
      { loaded: 100, total: 230 },
      { loaded: 200, total: 230 },
      { loaded: 230, total: 230 },
    ]);
  });
});
