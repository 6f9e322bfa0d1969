// Demo people: two buyers with a company account each, their sales and account managers, a
// manager without the buyer role (who may sign in but not use the buyer area), and the team of the
// first buyer's company: one member of each other role (decision 203).
import { eq } from 'drizzle-orm';

import type { MemberRole } from '#contract/permissions.ts';

import type { Database } from '../database.ts';
import { referenceIds } from '../reference-data.ts';
import { accounts, companies, users } from '../schema/index.ts';
import { stableUuid } from '../stable-id.ts';
import type { Random } from './random.ts';

export const DEMO_PASSWORD = 'demo-password-2026';

export const DEMO_EMAILS = {
  buyer: 'buyer@example.com',
  secondBuyer: 'second.buyer@example.com',
  manager: 'manager@example.com',
  salesManager: 'sales.manager@example.com',
  accountManager: 'account.manager@example.com',
  admin: 'admin.member@example.com',
  teamBuyer: 'buyer.member@example.com',
  finance: 'finance.member@example.com',
  viewer: 'viewer.member@example.com',
} as const;

export interface DemoUserIds {
  buyer: string;
  secondBuyer: string;
  /** The members of the first buyer's company besides its Owner, by role. */
  team: Record<Exclude<MemberRole, 'owner'>, string>;
}

interface TeamMember {
  role: Exclude<MemberRole, 'owner'>;
  email: string;
  firstName: string;
  lastName: string;
  /** A Buyer's monthly limit, net euro. */
  monthlyLimit?: string;
  /** The member's pay-by-bill limit in the company (decision 210); none when unset. */
  creditLimit?: string;
}

/** Northwind Outdoor's team: Emma Johnson (buyer@example.com) is its Owner. */
const TEAM: readonly TeamMember[] = [
  {
    role: 'admin',
    email: DEMO_EMAILS.admin,
    firstName: 'Olivia',
    lastName: 'Brown',
    creditLimit: '2000.00',
  },
  {
    role: 'buyer',
    email: DEMO_EMAILS.teamBuyer,
    firstName: 'Liam',
    lastName: 'Wilson',
    monthlyLimit: '500.00',
    creditLimit: '2000.00',
  },
  { role: 'finance', email: DEMO_EMAILS.finance, firstName: 'Ava', lastName: 'Taylor' },
  { role: 'viewer', email: DEMO_EMAILS.viewer, firstName: 'James', lastName: 'Davies' },
];

type NewUser = typeof users.$inferInsert;
type NewCompany = typeof companies.$inferInsert;

interface DemoBuyer {
  user: Omit<NewUser, 'id' | 'passwordHash' | 'salesManagerId' | 'accountManagerId'>;
  company: Omit<NewCompany, 'id'>;
  creditLimit: string;
}

type StaffUser = Omit<NewUser, 'id' | 'passwordHash'>;

const SALES_MANAGER: StaffUser = {
  email: DEMO_EMAILS.salesManager,
  roles: ['ROLE_SALES'],
  firstName: 'Sophie',
  lastName: 'Martin',
  phone: '+44 20 7946 0101',
  isConfirmed: true,
};

const ACCOUNT_MANAGER: StaffUser = {
  email: DEMO_EMAILS.accountManager,
  roles: ['ROLE_ACCOUNT_MANAGER'],
  firstName: 'Lucas',
  lastName: 'Bernard',
  phone: '+44 20 7946 0102',
  isConfirmed: true,
};

const MANAGER: StaffUser = {
  email: DEMO_EMAILS.manager,
  roles: ['ROLE_ACCOUNT_MANAGER'],
  firstName: 'Morgan',
  lastName: 'Reyes',
  phone: '+44 20 7946 0103',
  isConfirmed: true,
};

const BUYER: DemoBuyer = {
  user: {
    email: DEMO_EMAILS.buyer,
    roles: ['ROLE_BUYER'],
    firstName: 'Emma',
    lastName: 'Johnson',
    phone: '+44 20 7946 0958',
    isNewsletterSubscribed: true,
    isAllowedToExportSites: true,
    isConfirmed: true,
  },
  company: {
    businessName: 'Northwind Outdoor Ltd',
    businessTypeId: stableUuid('business-type:E-commerce'),
    contactEmail: 'hello@northwind-outdoor.com',
    countryId: referenceIds.country('GB'),
    city: 'London',
    zipCode: 'EC1V 9HX',
    address: '12 Old Street',
    accountingEmail: 'accounts@northwind-outdoor.com',
    accountingPhone: '+44 20 7946 0959',
    registrationNumber: '09876543',
    vatNumber: 'GB123456789',
    bankName: 'Barclays Bank',
    bankAddress: '1 Churchill Place, London',
    iban: 'GB33BUKB20201555555555',
    bicSwift: 'BUKBGB22',
    isPayByBillAllowed: true,
    billLimit: '10000.00',
    creditsBalance: '2000.00',
    status: 'approved',
  },
  creditLimit: '5000.00',
};

const SECOND_BUYER: DemoBuyer = {
  user: {
    email: DEMO_EMAILS.secondBuyer,
    roles: ['ROLE_BUYER'],
    firstName: 'Noah',
    lastName: 'Schmidt',
    phone: '+49 30 901820',
    isNewsletterSubscribed: false,
    isAllowedToExportSites: false,
    isConfirmed: true,
  },
  company: {
    businessName: 'Bergmann Digital GmbH',
    businessTypeId: stableUuid('business-type:Agency'),
    contactEmail: 'kontakt@bergmann-digital.de',
    countryId: referenceIds.country('DE'),
    city: 'Berlin',
    zipCode: '10115',
    address: 'Invalidenstraße 42',
    accountingEmail: 'buchhaltung@bergmann-digital.de',
    registrationNumber: 'HRB 123456 B',
    vatNumber: 'DE123456789',
    bankName: 'Deutsche Bank',
    iban: 'DE89370400440532013000',
    bicSwift: 'DEUTDEDBXXX',
    creditsBalance: '50.00',
    status: 'approved',
  },
  creditLimit: '1000.00',
};

interface Managers {
  salesManagerId: string;
  accountManagerId: string;
}

/** Inserts staff and buyers; every demo user has the same (already hashed) password. */
export async function seedDemoUsers(
  db: Database,
  random: Random,
  passwordHash: string,
): Promise<DemoUserIds> {
  const insertStaff = async (user: StaffUser) => {
    const id = random.uuid();
    await db.insert(users).values({ ...user, id, passwordHash });
    return id;
  };
  const managers: Managers = {
    salesManagerId: await insertStaff(SALES_MANAGER),
    accountManagerId: await insertStaff(ACCOUNT_MANAGER),
  };
  await insertStaff(MANAGER);
  const buyer = await insertBuyer(db, random, { buyer: BUYER, managers, passwordHash });
  const secondBuyer = await insertBuyer(db, random, {
    buyer: SECOND_BUYER,
    managers,
    passwordHash,
  });
  return {
    buyer,
    secondBuyer,
    team: await insertTeam(db, { ownerId: buyer, managers, passwordHash }),
  };
}

/**
 * The other members of the Owner's company. Their ids are stable rather than drawn, so that the
 * rest of the demo data (drawn after) stays as it was.
 */
async function insertTeam(
  db: Database,
  {
    ownerId,
    managers,
    passwordHash,
  }: { ownerId: string; managers: Managers; passwordHash: string },
): Promise<DemoUserIds['team']> {
  const [owner] = await db
    .select({ companyId: accounts.companyId })
    .from(accounts)
    .where(eq(accounts.userId, ownerId));
  if (!owner) throw new Error('The demo Owner has no company');
  const ids = {} as DemoUserIds['team'];
  for (const member of TEAM) {
    const userId = stableUuid(`demo-member:${member.email}`);
    await db.insert(users).values({
      id: userId,
      email: member.email,
      roles: ['ROLE_BUYER'],
      firstName: member.firstName,
      lastName: member.lastName,
      isConfirmed: true,
      passwordHash,
      ...managers,
    });
    await db.insert(accounts).values({
      id: stableUuid(`demo-member-account:${member.email}`),
      userId,
      companyId: owner.companyId,
      isCurrent: true,
      role: member.role,
      monthlyLimit: member.monthlyLimit ?? null,
      creditLimit: member.creditLimit ?? '0.00',
    });
    ids[member.role] = userId;
  }
  return ids;
}

async function insertBuyer(
  db: Database,
  random: Random,
  { buyer, managers, passwordHash }: { buyer: DemoBuyer; managers: Managers; passwordHash: string },
): Promise<string> {
  const userId = random.uuid();
  const companyId = random.uuid();
  await db.insert(users).values({ ...buyer.user, ...managers, id: userId, passwordHash });
  await db.insert(companies).values({ ...buyer.company, id: companyId });
  await db.insert(accounts).values({
    id: random.uuid(),
    userId,
    companyId,
    isCurrent: true,
    creditLimit: buyer.creditLimit,
  });
  return userId;
}
