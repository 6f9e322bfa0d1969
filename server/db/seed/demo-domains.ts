// Demo buyer domains. The first buyer's first domain already has links from a few hundred
// catalogue sites and a competitor group whose competitors are linked from catalogue sites too,
// so the catalogue's "already linked" and "competitors" columns show real values.
import { eq } from 'drizzle-orm';

import type { Database } from '../database.ts';
import { buyerDomains, competitorGroups, competitors, fileImports } from '../schema/index.ts';
import { type BulkColumn, bulkInsert } from './bulk-insert.ts';
import type { DemoUserIds } from './demo-users.ts';
import { type Random, sample } from './random.ts';

const REFERENT_COLUMNS = (parent: string): readonly BulkColumn<[string, string]>[] => [
  { name: parent, type: 'uuid', value: ([parentId]) => parentId },
  { name: 'hostname', type: 'text', value: ([, hostname]) => hostname },
];

/** Referring domains outside the catalogue, as a real backlink export would contain. */
const OFF_CATALOGUE_REFERENTS = [
  'forum.hikingfans.net',
  'gearreviews.example.org',
  'trailmap.example.com',
  'campsite-directory.example.net',
  'outdoor-news.example.co.uk',
];

const COMPETITORS = ['trailgear-shop.com', 'summit-supply.co.uk', 'wildpath-outfitters.com'];

export interface DemoDomainsOptions {
  random: Random;
  buyers: DemoUserIds;
  catalogueHostnames: readonly string[];
}

export async function seedDemoDomains(db: Database, options: DemoDomainsOptions): Promise<void> {
  const { random, buyers, catalogueHostnames } = options;
  const [mainDomainId] = await insertDomains(db, random, buyers.buyer, [
    { hostname: 'northwind-outdoor.com', hasImportedReferents: true },
    { hostname: 'northwind-travel.co.uk', hasImportedReferents: false },
  ]);
  await insertDomains(db, random, buyers.secondBuyer, [
    { hostname: 'bergmann-moebel.de', hasImportedReferents: false },
    { hostname: 'kuechen-profi.de', hasImportedReferents: false },
  ]);
  if (!mainDomainId) return;

  const referents = [
    ...sample(random, catalogueHostnames, Math.min(300, Math.floor(catalogueHostnames.length / 3))),
    ...OFF_CATALOGUE_REFERENTS,
  ];
  await bulkInsert(
    db,
    'buyer_domain_referents',
    REFERENT_COLUMNS('buyer_domain_id'),
    referents.map((hostname) => [mainDomainId, hostname] as [string, string]),
  );
  await seedCompetitors(db, options, { userId: buyers.buyer, buyerDomainId: mainDomainId });
}

async function insertDomains(
  db: Database,
  random: Random,
  userId: string,
  domains: readonly { hostname: string; hasImportedReferents: boolean }[],
): Promise<string[]> {
  const rows = domains.map(({ hostname }, index) => ({
    id: random.uuid(),
    userId,
    hostname,
    // Distinct creation times keep the listing order stable.
    createdAt: new Date(Date.UTC(2025, 0, 1 + index)),
  }));
  await db.insert(buyerDomains).values(rows);
  for (const [index, { hasImportedReferents }] of domains.entries()) {
    const row = rows[index];
    if (!row || !hasImportedReferents) continue;
    const importId = await insertFinishedImport(db, {
      userId,
      kind: 'referents',
      buyerDomainId: row.id,
    });
    await db
      .update(buyerDomains)
      .set({ referentsImportId: importId })
      .where(eq(buyerDomains.id, row.id));
  }
  return rows.map((row) => row.id);
}

/** A successful import, as the demo's lists would have had when they were uploaded. */
async function insertFinishedImport(
  db: Database,
  subject: {
    userId: string;
    kind: 'referents' | 'competitors';
    buyerDomainId?: string;
    competitorGroupId?: string;
  },
): Promise<string> {
  // The database draws the id, so the demo's seeded random sequence stays as it was.
  const finishedAt = new Date(Date.UTC(2025, 0, 15));
  const [row] = await db
    .insert(fileImports)
    .values({ ...subject, status: 'success', finishedAt })
    .returning({ id: fileImports.id });
  if (!row) throw new Error('The demo import was not stored');
  return row.id;
}

async function seedCompetitors(
  db: Database,
  { random, catalogueHostnames }: DemoDomainsOptions,
  { userId, buyerDomainId }: { userId: string; buyerDomainId: string },
): Promise<void> {
  const groupId = random.uuid();
  await db
    .insert(competitorGroups)
    .values({ id: groupId, buyerDomainId, name: 'Outdoor retailers' });
  const importId = await insertFinishedImport(db, {
    userId,
    kind: 'competitors',
    competitorGroupId: groupId,
  });
  await db
    .update(competitorGroups)
    .set({ competitorsImportId: importId })
    .where(eq(competitorGroups.id, groupId));
  const rows = COMPETITORS.map((hostname) => ({ id: random.uuid(), groupId, hostname }));
  await db.insert(competitors).values(rows);
  const perCompetitor = Math.min(200, Math.floor(catalogueHostnames.length / 4));
  const referents = rows.flatMap((competitor) =>
    sample(random, catalogueHostnames, perCompetitor).map(
      (hostname) => [competitor.id, hostname] as [string, string],
    ),
  );
  await bulkInsert(db, 'competitor_referents', REFERENT_COLUMNS('competitor_id'), referents);
}
