import { describe, expect, it } from 'vitest';

import { createRobotsRules, productTokenOf } from './robots.ts';
import type { SafeFetchResponse } from './safe-fetch.ts';
import { FetchFailure } from './safe-fetch.ts';

function answer(status: number, body: string): SafeFetchResponse {
  return {
    status,
    headers: {},
    url: '',
    redirects: [],
    body,
    charset: 'utf-8',
    bytesRead: body.length,
    isTruncated: false,
  };
}

const ROBOTS = [
  'User-agent: *',
  'Disallow: /private/',
  '',
  'User-agent: BuyerPortalLinkMonitor',
  'Disallow: /no-monitors/',
].join('\n');

function rules(respond: (url: string) => SafeFetchResponse | Error, now = () => 0) {
  const fetched: string[] = [];
  const robots = createRobotsRules({
    productToken: 'BuyerPortalLinkMonitor',
    now,
    maxOrigins: 2,
    fetch: (url) => {
      fetched.push(url);
      const result = respond(url);
      return result instanceof Error ? Promise.reject(result) : Promise.resolve(result);
    },
  });
  return { robots, fetched };
}

describe('robots.txt rules', () => {
  it('takes the product token of the user agent', () => {
    expect(productTokenOf('BuyerPortalLinkMonitor/1.0 (+https://portal.example/)')).toBe(
      'BuyerPortalLinkMonitor',
    );
    expect(productTokenOf('Monitor (+https://portal.example/)')).toBe('Monitor');
  });

  it('reads the group for our agent, which replaces the * group', async () => {
    const { robots } = rules(() => answer(200, ROBOTS));
    expect(await robots.isDisallowed('https://publisher.example/no-monitors/a')).toBe(true);
    expect(await robots.isDisallowed('https://publisher.example/private/a')).toBe(false);
    expect(await robots.isDisallowed('https://publisher.example/blog/a')).toBe(false);
  });

  it('fetches one robots.txt per origin within the hour, then again', async () => {
    let time = 0;
    const { robots, fetched } = rules(
      () => answer(200, ROBOTS),
      () => time,
    );
    await robots.isDisallowed('https://publisher.example/a');
    await robots.isDisallowed('https://publisher.example/b');
    await robots.isDisallowed('http://publisher.example/a');
    expect(fetched).toEqual([
      'https://publisher.example/robots.txt',
      'http://publisher.example/robots.txt',
    ]);
    time += 60 * 60 * 1000 + 1;
    await robots.isDisallowed('https://publisher.example/a');
    expect(fetched).toHaveLength(3);
  });

  it('keeps a bounded number of origins, the oldest leaving first', async () => {
    const { robots, fetched } = rules(() => answer(200, ROBOTS));
    for (const host of ['a', 'b', 'c', 'a']) await robots.isDisallowed(`https://${host}.example/`);
    expect(fetched.map((url) => new URL(url).hostname)).toEqual([
      'a.example',
      'b.example',
      'c.example',
      'a.example',
    ]);
  });

  it('shares one fetch between checks of one origin at the same time', async () => {
    const { robots, fetched } = rules(() => answer(200, ROBOTS));
    await Promise.all([
      robots.isDisallowed('https://publisher.example/no-monitors/a'),
      robots.isDisallowed('https://publisher.example/no-monitors/b'),
    ]);
    expect(fetched).toHaveLength(1);
  });

  it.each([
    ['a 404', answer(404, 'Not found')],
    ['a 500', answer(500, ROBOTS)],
    ['no answer', new FetchFailure('timeout', 'Timed out after 3 s')],
  ])('reports nothing disallowed for %s', async (_case, result) => {
    const { robots } = rules(() => result);
    expect(await robots.isDisallowed('https://publisher.example/no-monitors/a')).toBe(false);
  });
});
