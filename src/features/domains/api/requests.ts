import {
  type BuyerDomain,
  type BuyerDomainList,
  type CompetitorGroup,
  type CompetitorGroupList,
  type CreateBuyerDomain,
  type CreateCompetitorGroup,
  domainEndpoints,
} from '#contract/domains.ts';
import { importEndpoints } from '#contract/imports.ts';
import { apiClient } from '#src/lib/api-client.ts';

const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export interface DomainListParams {
  page: number;
  limit: number;
}

export function fetchBuyerDomains(
  params: DomainListParams,
  signal?: AbortSignal,
): Promise<BuyerDomainList> {
  return apiClient.call(domainEndpoints.list, {
    query: { page: params.page, limit: params.limit },
    signal,
  });
}

/** The key makes a repeat of a send whose answer was lost harmless (the outbox resends it). */
export function createBuyerDomain(
  body: CreateBuyerDomain,
  idempotencyKey: string,
): Promise<BuyerDomain> {
  return apiClient.call(domainEndpoints.create, {
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export async function deleteBuyerDomain(id: string, idempotencyKey: string): Promise<void> {
  await apiClient.call(domainEndpoints.remove, {
    params: { id },
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export interface CompetitorGroupParams {
  /** Without it, the groups of every domain of the buyer. */
  buyerDomain?: string;
  page: number;
  limit: number;
}

export function fetchCompetitorGroups(
  params: CompetitorGroupParams,
  signal?: AbortSignal,
): Promise<CompetitorGroupList> {
  return apiClient.call(importEndpoints.listGroups, {
    query: {
      filter: params.buyerDomain === undefined ? undefined : { buyer_domain: params.buyerDomain },
      page: params.page,
      limit: params.limit,
    },
    signal,
  });
}

export function createCompetitorGroup(body: CreateCompetitorGroup): Promise<CompetitorGroup> {
  return apiClient.call(importEndpoints.createGroup, { body });
}

export async function deleteCompetitorGroup(id: string): Promise<void> {
  await apiClient.call(importEndpoints.removeGroup, { params: { id } });
}
