// The demo's published articles (decision 145): in a demo installation the portal itself serves
// each live demo article at its live link, under its publisher's hostname, with the ordered link
// in it, so the link monitor checks real pages without the internet. The demo checker routes
// every hostname to the portal. The demo publisher now and then breaks a link (removes it, adds
// nofollow, changes the anchor), and republishing an article repairs its page. Never in
// production: only registered when the demo is on.
import type { FastifyInstance } from 'fastify';

import { BROKEN_LINK_STATES, type BrokenLinkState, demoEndpoints } from '#contract/demo.ts';
import { ORDER_ITEM_NOT_FOUND_MESSAGE } from '#contract/order-items.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { ApiError, forbidden, notFound } from '#server/http/api-error.ts';
import { DEMO_KEY_HEADER, isDemoControlKey } from '#server/http/demo-control.ts';
import { route } from '#server/http/endpoint-route.ts';
import type { JobHandler } from '#server/jobs/job-runner.ts';
import type { Secrets } from '#server/signing-keys.ts';

import { findItemIdByNumberOrId } from '../order-items/order-items.service.ts';
import type { ExpectedRel } from './link-check-types.ts';
import {
  type DemoLinkState,
  findBreakableDemoItems,
  findCheckInputs,
  findDemoArticle,
  hasPublishedItemOnHost,
  setDemoLinkState,
  updateMonitor,
} from './link-monitoring.repository.ts';

export { BROKEN_LINK_STATES, type BrokenLinkState };

/** About this many links a demo breaks per hour on its own, while its publisher runs. */
const DEMO_BREAKS_PER_HOUR = 2;
const CHANGED_ANCHOR = 'click here';

export interface DemoLinks {
  /** Breaks the item's link (id or number) and has it checked at once; answers its number. */
  breakLink(
    reference: string,
    state?: BrokenLinkState,
  ): Promise<{ item: string; state: BrokenLinkState }>;
  /** Breaks the link of one healthy live item, if any. */
  breakSomeLink(pick?: (count: number) => number): Promise<string | null>;
}

export function createDemoLinks({ db, now }: { db: Database; now: Clock }): DemoLinks {
  const breakItem = async (itemId: string, expectedRel: ExpectedRel, state?: BrokenLinkState) => {
    const chosen = state ?? (expectedRel === 'do_follow' ? 'nofollow' : 'removed');
    const at = now();
    await db.transaction(async (tx) => {
      await setDemoLinkState(tx, { itemId, state: chosen, at });
      // A demo shows the change at the next pass rather than at the link's time of day.
      await updateMonitor(tx, itemId, { nextCheckAt: at });
    });
    return chosen;
  };

  return {
    breakLink: async (reference, state) => {
      const itemId = await findItemIdByNumberOrId(db, reference.trim());
      if (!itemId) throw notFound(ORDER_ITEM_NOT_FOUND_MESSAGE);
      const [input] = await findCheckInputs(db, [itemId]);
      if (!input || input.status !== 'live_link') {
        throw new ApiError(409, `Item ${reference} is not a monitored live link.`);
      }
      const chosen = await breakItem(itemId, input.expectedRel, state);
      return { item: reference, state: chosen };
    },

    breakSomeLink: async (pick = (count) => Math.floor(Math.random() * count)) => {
      const candidates = await findBreakableDemoItems(db, 50);
      const chosen = candidates[pick(candidates.length)];
      if (!chosen) return null;
      const states = BROKEN_LINK_STATES.filter(
        (state) => state !== 'nofollow' || chosen.expectedRel === 'do_follow',
      );
      await breakItem(chosen.itemId, chosen.expectedRel, states[pick(states.length)]);
      return chosen.itemId;
    },
  };
}

/**
 * The demo publisher's job, also breaking a link now and then: on average DEMO_BREAKS_PER_HOUR
 * an hour at passes every `passSeconds`.
 */
export function withDemoBreakages(
  job: JobHandler,
  links: DemoLinks,
  passSeconds: number,
  chance: () => number = Math.random,
): JobHandler {
  const probability = Math.min(1, (DEMO_BREAKS_PER_HOUR * passSeconds) / 3600);
  return async (payload) => {
    await job(payload);
    if (chance() < probability) await links.breakSomeLink();
  };
}

/** Serves the demo's article pages to requests for a demo publisher's hostname. */
export function registerDemoArticlePages(
  app: FastifyInstance,
  { db, publicUrl }: { db: Database; publicUrl: string },
): void {
  const ownHost = new URL(publicUrl).hostname.toLowerCase();
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const hostname = hostnameOf(request.headers.host);
    if (!hostname || hostname === ownHost || isPortalAddress(hostname)) return;
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/robots.txt') {
      if (!(await hasPublishedItemOnHost(db, hostname))) return;
      return reply.type('text/plain; charset=utf-8').send('User-agent: *\nAllow: /\n');
    }
    const article = await findDemoArticle(db, `https://${hostname}${path}`);
    if (!article) return;
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderDemoArticle(article));
  });
}

function hostnameOf(host: string | undefined): string | null {
  if (!host) return null;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  return name ? name.toLowerCase() : null;
}

/** The names the portal itself answers to: loopback, IP addresses. */
function isPortalAddress(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.startsWith('[') ||
    hostname.split('.').every((part) => part !== '' && /^\d{1,3}$/.test(part))
  );
}

export function renderDemoArticle(article: {
  anchorText: string;
  targetUrl: string;
  topic: string | null;
  siteHostname: string;
  expectedRel: ExpectedRel;
  linkState: DemoLinkState | null;
}): string {
  const state = article.linkState ?? 'intact';
  const rel =
    state === 'nofollow'
      ? ' rel="nofollow"'
      : article.expectedRel === 'no_follow'
        ? ' rel="nofollow"'
        : article.expectedRel === 'sponsored'
          ? ' rel="sponsored"'
          : '';
  const anchor = state === 'anchor_changed' ? CHANGED_ANCHOR : article.anchorText;
  const link =
    state === 'removed'
      ? escapeHtml(article.anchorText)
      : `<a href="${escapeHtml(article.targetUrl)}"${rel}>${escapeHtml(anchor)}</a>`;
  const title = escapeHtml(article.topic ?? `${article.anchorText}: what to know in 2026`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<meta name="robots" content="index, follow">
</head>
<body>
<header><p>${escapeHtml(article.siteHostname)}</p></header>
<main>
<article>
<h1>${title}</h1>
<p>Readers often ask where to start. We looked at what works, what it costs and what to avoid.</p>
<p>For a closer look, see ${link}, which covers the details well.</p>
<p>Whatever you choose, compare a few options before you decide.</p>
</article>
</main>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** POST /api/demo/order-items/{reference}/break-link: a demo's control (decision 145). */
export async function demoLinkRoutes(
  app: FastifyInstance,
  { links, jwtSecret }: { links: DemoLinks; jwtSecret: Secrets },
): Promise<void> {
  route(app, demoEndpoints.breakLink, async (request) => {
    if (!isDemoControlKey(jwtSecret, request.headers[DEMO_KEY_HEADER])) throw forbidden();
    return links.breakLink(request.params.reference, request.body?.state);
  });
}
