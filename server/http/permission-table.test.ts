// The walk of the permission table (decision 203): for each of the five roles, a member whose only
// company account has that role calls every signed-in endpoint of the contract on objects of their
// company (an order and its items placed by the Owner); a role without the endpoint's permission
// gets 403 in the error format, a role with it never does. A member of another company reaching
// the same objects by id gets 404. Endpoints are read from the contract: one added later is walked
// too, and one whose path names a parameter without a sample below fails the walk.
import { randomUUID } from 'node:crypto';

import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';

import { declaredEndpoints } from '#contract/api.ts';
import type { Endpoint } from '#contract/endpoint.ts';
import { favoriteEndpoints } from '#contract/favorites.ts';
import { MEMBER_ROLES, type MemberRole, roleCan } from '#contract/permissions.ts';
import { accounts, files, orderItems, users } from '#server/db/schema/index.ts';
import {
  accountOf,
  addBuyersToCompany,
  lineFor,
  multipart,
  placeOrder,
  setCredits,
  siteWithNiches,
  useBuyerApp,
} from '#tests/helpers/orders.ts';
import { bearer } from '#tests/helpers/test-app.ts';

/** The objects the walk reaches: of the first company unless said otherwise. */
interface Samples {
  orderId: string;
  itemId: string;
  /** An article file uploaded by the Owner to the order's item. */
  fileId: string;
  siteId: string;
  /** The caller's own account in the first company (the outsider: the Owner's). */
  accountId: string;
}

/**
 * The one map to keep: for each path (with parameters), the parameters to call it with and
 * whether they name an object of the first company (which a member of another company must not
 * reach). Personal objects (saved views, domains, sessions, ...) are called with an unknown id.
 */
const PATH_SAMPLES: {
  path: RegExp;
  params: (samples: Samples) => Record<string, string>;
  isCompanyObject: boolean;
}[] = [
  {
    path: /^\/v1\/buyer\/orders\/items\/\{id\}/,
    params: (s) => ({ id: s.itemId, issueId: randomUUID() }),
    isCompanyObject: true,
  },
  {
    path: /^\/v1\/buyer\/orders\/\{id\}/,
    params: (s) => ({ id: s.orderId }),
    isCompanyObject: true,
  },
  {
    path: /^\/v1\/buyer\/profiles\/accounts\/\{id\}\//,
    params: (s) => ({ id: s.accountId }),
    isCompanyObject: true,
  },
  { path: /^\/v1\/files\/\{id\}/, params: (s) => ({ id: s.fileId }), isCompanyObject: true },
  {
    path: /^\/v1\/buyer\/sites\/\{id\}$/,
    params: (s) => ({ id: s.siteId }),
    isCompanyObject: false,
  },
  {
    path: /^\/v1\/common\/profiles\/avatars\/\{id\}\/\{size\}$/,
    params: () => ({ id: randomUUID(), size: '64' }),
    isCompanyObject: false,
  },
  {
    // The caller's own membership: allowed roles get 400 (no change given) or 422 (not
    // yourself); a member of another company names the first company's Owner and gets 404.
    path: /^\/v1\/buyer\/members\/\{id\}$/,
    params: (s) => ({ id: s.accountId }),
    isCompanyObject: true,
  },
  {
    // Unknown ids and tokens: leaving, revoking and deciding must not change the walk's team.
    path: /^\/v1\/buyer\/(profiles\/accounts|invitations|purchase-requests)\/\{(id|token)\}/,
    params: () => ({ id: randomUUID(), token: randomUUID() }),
    isCompanyObject: false,
  },
  {
    path: /^\/v1\/(buyer\/(saved-views|domains|domains\/competitor-groups|shopping-carts\/items|sites\/exports\/tasks)|common\/profiles\/sessions)\/\{id\}/,
    params: () => ({ id: randomUUID() }),
    isCompanyObject: false,
  },
];

/**
 * Bodies that pass validation, for the endpoints that reach company objects through their body or
 * must get past validation to their company check (the other endpoints get an empty body: the
 * permission is checked before validation).
 */
const VALID_BODIES: Record<string, (s: Samples) => object | 'multipart'> = {
  'PUT /v1/buyer/orders/items/statuses': (s) => ({ transition: 'cancel', ids: [s.itemId] }),
  'PUT /v1/buyer/orders/items/request-edits': (s) => ({
    is_requested_edits: true,
    ids: [s.itemId],
  }),
  'PUT /v1/buyer/orders/items/{id}/topics': () => ({ content: 'A topic' }),
  'POST /v1/buyer/orders/items/{id}/topics/feedbacks': () => ({ feedback: 'Not this one' }),
  'PUT /v1/buyer/orders/items/{id}/articles': () => 'multipart',
  'POST /v1/buyer/orders/items/{id}/articles/feedbacks': () => 'multipart',
  'POST /v1/buyer/orders/items/{id}/link-issues/{issueId}/remedy': () => ({ kind: 'restore' }),
  'PATCH /v1/buyer/members/{id}': () => ({ role: 'viewer' }),
  'POST /v1/buyer/orders/items/{id}/messages': () => ({ text: 'Is the topic fine?' }),
  'POST /v1/buyer/orders/items/{id}/messages/attachments': () => 'multipart',
  'PUT /v1/buyer/orders/items/{id}/messages/reads': (s) => ({ last_entry_id: s.itemId }),
};

const key = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;
const walked = declaredEndpoints.filter((endpoint) => endpoint.access === 'buyer');

/** The endpoint's URL with the samples in its path; throws for a parameter without a sample. */
function urlOf(endpoint: Endpoint, samples: Samples): string {
  if (!endpoint.path.includes('{')) return `/api${endpoint.path}`;
  const sample = PATH_SAMPLES.find(({ path }) => path.test(endpoint.path));
  if (!sample)
    throw new Error(`No sample parameters for ${key(endpoint)}: add one to PATH_SAMPLES.`);
  const params = sample.params(samples);
  return `/api${endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No sample {${name}} for ${key(endpoint)}.`);
    return value;
  })}`;
}

/** Whether the request names an object of the first company (path or body). */
function reachesCompanyObject(endpoint: Endpoint): boolean {
  const sample = PATH_SAMPLES.find(({ path }) => path.test(endpoint.path));
  return (sample?.isCompanyObject ?? false) || key(endpoint) in VALID_BODIES;
}

describe('the permission table, walked against the API', () => {
  const app = useBuyerApp();
  const members = new Map<MemberRole, { token: string; accountId: string }>();
  let samples: Omit<Samples, 'accountId'>;
  let ownerAccountId: string;

  beforeAll(async () => {
    const { ctx, facts, tokens } = app;
    const db = ctx.handle.db;
    const companyId = facts.companyIds.buyer;
    await setCredits(db, companyId, '100000.00');
    const { order, items } = await placeOrder(
      ctx,
      tokens.buyer,
      facts,
      [lineFor(facts, siteWithNiches(facts))],
      'credits',
    );
    const item = items[0]!;
    const [file] = await db
      .insert(files)
      .values({
        ownerUserId: facts.userIds.buyer,
        storagePath: `walk/${randomUUID()}`,
        fileName: 'article.txt',
        mimeType: 'text/plain',
        sizeBytes: 1,
      })
      .returning({ id: files.id });
    await db.update(orderItems).set({ articleFileId: file!.id }).where(eq(orderItems.id, item.id));
    samples = {
      orderId: order.id,
      itemId: item.id,
      fileId: file!.id,
      siteId: facts.sites[0]!.id,
    };
    ownerAccountId = (await accountOf(db, facts.userIds.buyer, companyId))!.id;
    const created = await addBuyersToCompany(ctx, companyId, MEMBER_ROLES.length);
    for (const [index, role] of MEMBER_ROLES.entries()) {
      const { userId, token } = created[index]!;
      const account = (await accountOf(db, userId, companyId))!;
      await db.update(accounts).set({ role }).where(eq(accounts.id, account.id));
      // Exporting sites is also the marketplace's per-person grant (spec §3), not a role's.
      await db.update(users).set({ isAllowedToExportSites: true }).where(eq(users.id, userId));
      members.set(role, { token, accountId: account.id });
    }
  }, 120_000);

  function call(endpoint: Endpoint, token: string, own: Samples, valid: boolean) {
    const body = valid ? VALID_BODIES[key(endpoint)]?.(own) : undefined;
    const form = body === 'multipart' ? multipart({ link: 'https://example.com/a' }) : null;
    return app.ctx.app.inject({
      method: endpoint.method,
      url: urlOf(endpoint, own),
      headers: { ...bearer(token), ...(form?.headers ?? {}) },
      ...(form
        ? { payload: form.payload }
        : endpoint.body
          ? { payload: body && body !== 'multipart' ? body : {} }
          : {}),
    });
  }

  const refusal = (response: LightMyRequestResponse) => ({
    status: response.statusCode,
    body: response.statusCode === 403 ? response.json() : null,
  });

  it('every walked endpoint names a permission and its parameters have samples', () => {
    const fake = { orderId: 'o', itemId: 'i', fileId: 'f', siteId: 's', accountId: 'a' };
    for (const endpoint of walked) {
      expect(endpoint.permission, key(endpoint)).toBeDefined();
      expect(() => urlOf(endpoint, fake), key(endpoint)).not.toThrow();
    }
  });

  it.each(MEMBER_ROLES)(
    'a member with the role %s is refused exactly what the table refuses',
    async (role) => {
      const { token, accountId } = members.get(role)!;
      const mismatches: string[] = [];
      for (const endpoint of walked) {
        const permission = endpoint.permission!;
        const response = await call(endpoint, token, { ...samples, accountId }, false);
        const allowed = roleCan(role, permission.name);
        const seen = refusal(response);
        if (allowed && seen.status === 403) {
          mismatches.push(`${key(endpoint)}: 403 though ${role} holds ${permission.name}`);
        }
        if (!allowed) {
          if (seen.status !== 403) {
            mismatches.push(
              `${key(endpoint)}: ${seen.status} though ${role} lacks ${permission.name}`,
            );
          } else if (seen.body?.code !== 403 || typeof seen.body?.message !== 'string') {
            mismatches.push(`${key(endpoint)}: 403 not in the error format: ${response.body}`);
          }
        }
      }
      expect(mismatches).toEqual([]);
    },
    60_000,
  );

  it.each(MEMBER_ROLES)(
    "the company's shared favourites and blacklist follow the table for the role %s",
    async (role) => {
      const { token } = members.get(role)!;
      const seen: string[] = [];
      const expected: string[] = [];
      for (const { add, remove } of Object.values(favoriteEndpoints.marks)) {
        for (const endpoint of [add, remove]) {
          const response = await app.ctx.app.inject({
            method: endpoint.method,
            url: `/api${endpoint.path}`,
            headers: bearer(token),
            payload: { ids: [samples.siteId], scope: 'company' },
          });
          seen.push(`${key(endpoint)}: ${response.statusCode}`);
          expected.push(`${key(endpoint)}: ${roleCan(role, endpoint.permission.name) ? 204 : 403}`);
        }
      }
      expect(seen).toEqual(expected);
    },
  );

  it("a member of another company reaches none of the first company's objects", async () => {
    const outsider = app.tokens.secondBuyer;
    const reached: string[] = [];
    for (const endpoint of walked.filter(reachesCompanyObject)) {
      const response = await call(
        endpoint,
        outsider,
        { ...samples, accountId: ownerAccountId },
        true,
      );
      if (response.statusCode !== 404)
        reached.push(`${key(endpoint)}: ${response.statusCode} ${response.body}`);
    }
    expect(reached).toEqual([]);
  }, 60_000);
});
