// A buyer's companies (spec §3 "Company", §7 "Profile and company"; decisions 080, 081): which
// company account is current (checkout and the dashboard follow it), a company's details, and
// company requests, a new company or a change to one, which marketplace staff decide in another
// tool. An approved new company becomes an account of the buyer with a credit limit of 0.
import type { AccountBilling } from '#contract/billing.ts';
import {
  ACCOUNT_NOT_FOUND_MESSAGE,
  type Company,
  COMPANY_NOT_FOUND_MESSAGE,
  COMPANY_REQUEST_NOT_FOUND_MESSAGE,
  type CompanyDetails,
  type CompanyRequest,
  type CompanyRequestCreate,
  type CompanyRequestList,
  INVALID_BUSINESS_TYPE_MESSAGE,
  INVALID_COUNTRY_MESSAGE,
  PENDING_CHANGE_MESSAGE,
  vatNumberProblem,
} from '#contract/companies.ts';
import type { Violation } from '#contract/errors.ts';
import type { PageQuery } from '#contract/pagination.ts';
import { roleCan, roleSeesPrices } from '#contract/permissions.ts';
import type { Account } from '#contract/profile.ts';
import type { Clock } from '#server/clock.ts';
import { appendAuditEvent } from '#server/db/audit-events.ts';
import type { Database } from '#server/db/database.ts';
import { findMemberships } from '#server/db/memberships.ts';
import type { companies } from '#server/db/schema/index.ts';
import { lockUser } from '#server/db/user-lock.ts';
import { ApiError, notFound } from '#server/http/api-error.ts';
import { type Caller, roleRefusal } from '#server/http/member-access.ts';
import { VALIDATION_FAILED_MESSAGE } from '#server/http/validation.ts';

import { accountBilling } from '../billing/billing.service.ts';
import {
  businessTypeExists,
  type CompanyRow,
  countRequests,
  findAccountOfUser,
  findCompany,
  findCountry,
  findPendingRequestsBefore,
  findRequest,
  findRequestIdByReference,
  findRequests,
  hasCurrentAccount,
  hasPendingChange,
  insertAccount,
  insertCompany,
  insertRequest,
  isMemberOf,
  lockPendingRequest,
  makeAccountCurrent,
  nextRequestNumber,
  type RequestRow,
  updateCompany,
  updateRequest,
} from './companies.repository.ts';

export const DEFAULT_REJECTION_REASON = 'The company details could not be verified.';
export const REQUEST_DECIDED_MESSAGE = 'This company request has already been decided.';

export type CompanyDecision = { decision: 'approve' } | { decision: 'reject'; reason?: string };

/** The company's columns a request carries: a new company's, or the new values of a change. */
type CompanyDetailColumns = Pick<
  typeof companies.$inferInsert,
  | 'businessName'
  | 'businessTypeId'
  | 'contactEmail'
  | 'accountingEmail'
  | 'accountingPhone'
  | 'countryId'
  | 'city'
  | 'zipCode'
  | 'address'
  | 'addressExtra'
  | 'registrationNumber'
  | 'vatNumber'
  | 'bankName'
  | 'bankAddress'
  | 'iban'
  | 'bicSwift'
  | 'additionalInfo'
>;

export interface DecisionResult {
  request: string;
  status: 'approved' | 'rejected';
  company: { id: string; title: string } | null;
}

export interface CompaniesService {
  setCurrentAccount(userId: string, accountId: string): Promise<Account>;
  /** Needs company.read in the account's company (decision 203). */
  companyOfAccount(caller: Caller, accountId: string): Promise<Company>;
  /** What the buyer may spend for the account's company (decision 168). */
  billingOfAccount(caller: Caller, accountId: string): Promise<AccountBilling>;
  listRequests(userId: string, page: PageQuery): Promise<CompanyRequestList>;
  /**
   * Stores the request in `tx` (the request's transaction, decision 044). A change to a company
   * needs company.edit there (decision 203): 403 for a member whose role lacks it.
   */
  createRequest(tx: Database, userId: string, input: CompanyRequestCreate): Promise<CompanyRequest>;
  /** Staff's decision (played by the demo reviewer): by id or number ("CR-1001"). */
  decide(reference: string, decision: CompanyDecision): Promise<DecisionResult>;
  /** Approves every request pending longer than `paceSeconds`; answers how many. */
  approveDue(paceSeconds: number): Promise<number>;
}

export function createCompaniesService({
  db,
  now,
}: {
  db: Database;
  now: Clock;
}): CompaniesService {
  const requestOf = async (database: Database, id: string) => {
    const row = await findRequest(database, id);
    if (!row) throw notFound(COMPANY_REQUEST_NOT_FOUND_MESSAGE);
    return toCompanyRequest(row);
  };

  const decideById = (id: string, decision: CompanyDecision): Promise<DecisionResult> =>
    db.transaction(async (tx) => {
      const request = await lockPendingRequest(tx, id);
      if (!request) throw new ApiError(409, REQUEST_DECIDED_MESSAGE);
      const at = now();
      if (decision.decision === 'reject') {
        await updateRequest(tx, id, {
          status: 'rejected',
          rejectionReason: decision.reason?.trim() || DEFAULT_REJECTION_REASON,
          decidedAt: at,
        });
        return { request: request.number, status: 'rejected', company: null };
      }
      const details: CompanyDetailColumns = {
        businessName: request.businessName,
        businessTypeId: request.businessTypeId,
        contactEmail: request.contactEmail,
        accountingEmail: request.accountingEmail,
        accountingPhone: request.accountingPhone,
        countryId: request.countryId,
        city: request.city,
        zipCode: request.zipCode,
        address: request.address,
        addressExtra: request.addressExtra,
        registrationNumber: request.registrationNumber,
        vatNumber: request.vatNumber,
        bankName: request.bankName,
        bankAddress: request.bankAddress,
        iban: request.iban,
        bicSwift: request.bicSwift,
        additionalInfo: request.additionalInfo,
      };
      let companyId = request.companyId;
      if (request.kind === 'change' && companyId) {
        await changeCompany(tx, companyId, request, details, at);
      } else {
        // A new company: approved, no pay by bill and no credit until staff grant them.
        companyId = await insertCompany(tx, {
          ...details,
          businessName: request.businessName,
          status: 'approved',
          isPayByBillAllowed: false,
          billLimit: '0.00',
          creditsBalance: '0.00',
        });
        await lockUser(tx, request.userId);
        await insertAccount(tx, {
          userId: request.userId,
          companyId,
          creditLimit: '0.00',
          // The buyer's first company becomes their current one.
          isCurrent: !(await hasCurrentAccount(tx, request.userId)),
        });
      }
      await updateRequest(tx, id, { status: 'approved', companyId, decidedAt: at });
      return {
        request: request.number,
        status: 'approved',
        company: { id: companyId, title: request.businessName },
      };
    });

  return {
    setCurrentAccount: (userId, accountId) =>
      db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const account = await findAccountOfUser(tx, userId, accountId);
        if (!account) throw notFound(ACCOUNT_NOT_FOUND_MESSAGE);
        await makeAccountCurrent(tx, userId, accountId);
        return toCurrentAccount(account);
      }),

    companyOfAccount: async (caller, accountId) => {
      const account = await findAccountOfUser(db, caller.userId, accountId);
      if (!account) throw notFound(ACCOUNT_NOT_FOUND_MESSAGE);
      await caller.requireIn(account.companyId, 'company.read');
      const row = await findCompany(db, account.companyId);
      if (!row) throw notFound(ACCOUNT_NOT_FOUND_MESSAGE);
      return toCompany(row);
    },

    billingOfAccount: async (caller, accountId) => {
      const account = await findAccountOfUser(db, caller.userId, accountId);
      if (!account) throw notFound(ACCOUNT_NOT_FOUND_MESSAGE);
      await caller.requireIn(account.companyId, 'billing.read');
      const billing = await accountBilling(db, caller.userId, { accountId });
      if (!billing) throw notFound(ACCOUNT_NOT_FOUND_MESSAGE);
      return billing;
    },

    listRequests: async (userId, { page, limit }) => {
      const [total, rows] = await Promise.all([
        countRequests(db, userId),
        findRequests(db, userId, { offset: (page - 1) * limit, limit }),
      ]);
      return { data: rows.map(toCompanyRequest), pagination: { page, limit, total } };
    },

    createRequest: async (tx, userId, input) => {
      if (input.company) await refuseChangeWithoutEdit(tx, userId, input.company);
      const violations: Violation[] = [];
      const [country, typeExists] = await Promise.all([
        countryOfRequest(tx, input),
        businessTypeExists(tx, input.business_type),
      ]);
      if ('path' in country) violations.push(country);
      else if (input.vat_number !== null && input.country === undefined) {
        // Named by its id, the country's code is known only now (the contract checked a code).
        const message = vatNumberProblem(input.vat_number, country.code);
        if (message) violations.push({ path: 'vat_number', message });
      }
      const countryId = 'id' in country ? country.id : null;
      if (!typeExists) {
        violations.push({ path: 'business_type', message: INVALID_BUSINESS_TYPE_MESSAGE });
      }
      const companyId = input.company ?? null;
      if (companyId && !(await isMemberOf(tx, userId, companyId))) {
        // Another buyer's company answers like an unknown one.
        violations.push({ path: 'company', message: COMPANY_NOT_FOUND_MESSAGE });
      }
      if (violations.length > 0 || !countryId) {
        throw new ApiError(422, VALIDATION_FAILED_MESSAGE, { violations });
      }
      await lockUser(tx, userId);
      if (companyId && (await hasPendingChange(tx, companyId))) {
        throw new ApiError(409, PENDING_CHANGE_MESSAGE, {
          violations: [{ path: 'company', message: PENDING_CHANGE_MESSAGE }],
        });
      }
      const id = await insertRequest(tx, {
        number: await nextRequestNumber(tx),
        userId,
        companyId,
        kind: companyId ? 'change' : 'new_company',
        businessName: input.business_name,
        businessTypeId: input.business_type,
        contactEmail: input.contact_email,
        accountingEmail: input.accounting_email,
        accountingPhone: input.accounting_phone,
        countryId,
        city: input.city,
        zipCode: input.zip_code,
        address: input.address,
        addressExtra: input.address_extra,
        registrationNumber: input.registration_number,
        vatNumber: input.vat_number,
        bankName: input.bank_name,
        bankAddress: input.bank_address,
        iban: input.iban,
        bicSwift: input.bic_swift,
        additionalInfo: input.additional_info,
        createdAt: now(),
      });
      return requestOf(tx, id);
    },

    decide: async (reference, decision) => {
      const id = await findRequestIdByReference(db, reference.trim());
      if (!id) throw notFound(COMPANY_REQUEST_NOT_FOUND_MESSAGE);
      return decideById(id, decision);
    },

    approveDue: async (paceSeconds) => {
      const before = new Date(now().getTime() - paceSeconds * 1000);
      const due = await findPendingRequestsBefore(db, before, 100);
      let approved = 0;
      for (const { id } of due) {
        try {
          await decideById(id, { decision: 'approve' });
          approved += 1;
        } catch (error) {
          // Decided meanwhile (the command or another worker): nothing left to do.
          if (!(error instanceof ApiError && error.statusCode === 409)) throw error;
        }
      }
      return approved;
    },
  };
}

/** How the company record names a changed field. */
const DETAIL_LABELS: Record<keyof CompanyDetailColumns, string> = {
  businessName: 'Business name',
  businessTypeId: 'Business type',
  contactEmail: 'Contact e-mail',
  accountingEmail: 'Accounting e-mail',
  accountingPhone: 'Accounting phone',
  countryId: 'Country',
  city: 'City',
  zipCode: 'Zip code',
  address: 'Address',
  addressExtra: 'Additional address',
  registrationNumber: 'Registration number',
  vatNumber: 'VAT number',
  bankName: 'Bank name',
  bankAddress: 'Bank address',
  iban: 'IBAN',
  bicSwift: 'BIC/SWIFT',
  additionalInfo: 'Additional info',
};

/**
 * An approved change request changes the company's details, written to the company's record
 * (decision 203) as the action of the member who asked for it, with the fields it changed.
 */
async function changeCompany(
  tx: Database,
  companyId: string,
  request: { number: string; userId: string },
  details: CompanyDetailColumns,
  at: Date,
): Promise<void> {
  const before = await findCompany(tx, companyId);
  await updateCompany(tx, companyId, { ...details, updatedAt: at });
  const changed = (Object.keys(DETAIL_LABELS) as (keyof CompanyDetailColumns)[])
    .filter((field) => (before?.company[field] ?? null) !== (details[field] ?? null))
    .map((field) => DETAIL_LABELS[field]);
  await appendAuditEvent(tx, {
    companyId,
    actorUserId: request.userId,
    action: 'company.details_changed',
    subject: request.number,
    details: changed.length > 0 ? { fields: changed.join(', ') } : {},
  });
}

/**
 * A change of a company's details needs company.edit there (decision 203): 403 for a member
 * whose role lacks it. Read in `tx`; a company the caller is not a member of is answered as an
 * unknown one by the request's validation.
 */
async function refuseChangeWithoutEdit(tx: Database, userId: string, companyId: string) {
  const membership = (await findMemberships(tx, userId)).find((m) => m.companyId === companyId);
  if (membership && !roleCan(membership.role, 'company.edit')) {
    throw roleRefusal(membership.role);
  }
}

/**
 * The country a request names (decision 172): by `country_id`, the id of the countries list, or
 * by `country`, an ISO code, as accepted before; when both are given they must agree.
 */
async function countryOfRequest(
  db: Database,
  input: Pick<CompanyRequestCreate, 'country_id' | 'country'>,
): Promise<{ id: string; code: string } | Violation> {
  const byId =
    input.country_id === undefined ? null : await findCountry(db, { id: input.country_id });
  if (input.country_id !== undefined && !byId) {
    return { path: 'country_id', message: INVALID_COUNTRY_MESSAGE };
  }
  if (input.country === undefined) {
    return byId ?? { path: 'country_id', message: INVALID_COUNTRY_MESSAGE };
  }
  if (byId) {
    return byId.code === input.country
      ? byId
      : { path: 'country', message: INVALID_COUNTRY_MESSAGE };
  }
  return (
    (await findCountry(db, { code: input.country })) ?? {
      path: 'country',
      message: INVALID_COUNTRY_MESSAGE,
    }
  );
}

function detailsOf(
  row: {
    businessName: string;
    businessTypeId: string | null;
    contactEmail: string | null;
    accountingEmail: string | null;
    accountingPhone: string | null;
    countryId: string | null;
    city: string | null;
    zipCode: string | null;
    address: string | null;
    addressExtra: string | null;
    registrationNumber: string | null;
    vatNumber: string | null;
    bankName: string | null;
    bankAddress: string | null;
    iban: string | null;
    bicSwift: string | null;
    additionalInfo: string | null;
  },
  refs: {
    businessTypeTitle: string | null;
    countryCode: string | null;
    countryTitle: string | null;
  },
): CompanyDetails {
  return {
    business_name: row.businessName,
    business_type:
      row.businessTypeId && refs.businessTypeTitle
        ? { id: row.businessTypeId, title: refs.businessTypeTitle }
        : null,
    contact_email: row.contactEmail,
    accounting_email: row.accountingEmail,
    accounting_phone: row.accountingPhone,
    country:
      row.countryId && refs.countryCode && refs.countryTitle
        ? { id: row.countryId, code: refs.countryCode, title: refs.countryTitle }
        : null,
    city: row.city,
    zip_code: row.zipCode,
    address: row.address,
    address_extra: row.addressExtra,
    registration_number: row.registrationNumber,
    vat_number: row.vatNumber,
    bank_name: row.bankName,
    bank_address: row.bankAddress,
    iban: row.iban,
    bic_swift: row.bicSwift,
    additional_info: row.additionalInfo,
  };
}

/** The account just made current, as the profile lists it. */
function toCurrentAccount(
  account: NonNullable<Awaited<ReturnType<typeof findAccountOfUser>>>,
): Account {
  return {
    id: account.id,
    company: { id: account.companyId, title: account.companyName },
    is_current: true,
    role: account.role,
    credit_limit: account.creditLimit,
    credits_balance: account.creditsBalance,
    is_pay_by_bill_allowed: account.isPayByBillAllowed,
    sees_prices: roleSeesPrices(account.role, account.arePricesHiddenFromViewers),
  };
}

function toCompany(row: CompanyRow): Company {
  return {
    id: row.company.id,
    ...detailsOf(row.company, row),
    is_pay_by_bill_allowed: row.company.isPayByBillAllowed,
    status: row.company.status,
  };
}

function toCompanyRequest(row: RequestRow): CompanyRequest {
  const { request } = row;
  return {
    id: request.id,
    number: request.number,
    company:
      request.companyId && row.companyTitle
        ? { id: request.companyId, title: row.companyTitle }
        : null,
    is_change: request.kind === 'change',
    status: request.status,
    rejection_reason: request.rejectionReason,
    created_at: request.createdAt.toISOString(),
    decided_at: request.decidedAt?.toISOString() ?? null,
    details: detailsOf(request, row),
  };
}
