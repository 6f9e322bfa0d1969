import type { FastifyRequest } from 'fastify';

import type {
  BuyerDomain,
  CompetitorGroup,
  CompetitorGroupList,
  CreateCompetitorGroup,
  ImportKind,
  ImportStatus,
  ImportStatusList,
} from '#contract/domains.ts';
import { COMPETITOR_GROUP_NAME_TAKEN_MESSAGE } from '#contract/domains.ts';
import type { PageQuery } from '#contract/pagination.ts';
import type { Database } from '#server/db/database.ts';
import { joinedOrNull } from '#server/db/left-join.ts';
import { ApiError, notFound } from '#server/http/api-error.ts';
import { VALIDATION_FAILED_MESSAGE } from '#server/http/validation.ts';
import type { JobRunner } from '#server/jobs/job-runner.ts';
import { readActiveDomain } from '#server/modules/domains/domains.service.ts';
import type { FileStore } from '#server/storage/file-store.ts';

import { readTextUpload, recordTextUpload } from '../files/files.service.ts';
import {
  countGroups,
  deleteGroup,
  findCompetitorsOfGroups,
  findGroup,
  findGroups,
  findStatuses,
  type GroupRow,
  hasGroupNamed,
  insertFileImport,
  insertGroup,
  setDomainReferentsUpload,
  setGroupCompetitorsUpload,
} from './imports.repository.ts';
import { LIST_IMPORT_JOB } from './list-import.job.ts';

export const BUYER_DOMAIN_NOT_YOURS_MESSAGE = 'This domain is not one of your domains.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ImportsService {
  uploadReferents(userId: string, domainId: string, request: FastifyRequest): Promise<BuyerDomain>;
  listGroups(
    userId: string,
    query: PageQuery & { buyerDomainId: string | null },
  ): Promise<CompetitorGroupList>;
  createGroup(userId: string, body: CreateCompetitorGroup, db?: Database): Promise<CompetitorGroup>;
  deleteGroup(userId: string, groupId: string): Promise<void>;
  uploadCompetitors(
    userId: string,
    groupId: string,
    request: FastifyRequest,
  ): Promise<CompetitorGroup>;
  statuses(userId: string, ids: string[], limit: number): Promise<ImportStatusList>;
}

export function createImportsService({
  db,
  jobs,
  files,
}: {
  db: Database;
  jobs: JobRunner;
  files: FileStore;
}): ImportsService {
  /** Stores the upload, records its import and queues the job, all or nothing. */
  const startImport = async (
    userId: string,
    request: FastifyRequest,
    subject: { kind: ImportKind; id: string },
  ) => {
    const upload = await readTextUpload(request, { files, ownerUserId: userId });
    try {
      await db.transaction(async (tx) => {
        const file = await recordTextUpload(tx, upload);
        const importId = await insertFileImport(tx, {
          userId,
          kind: subject.kind,
          fileId: file.id,
          ...(subject.kind === 'referents'
            ? { buyerDomainId: subject.id }
            : { competitorGroupId: subject.id }),
        });
        const set =
          subject.kind === 'referents' ? setDomainReferentsUpload : setGroupCompetitorsUpload;
        await set(tx, subject.id, { fileId: file.id, importId });
        await jobs.enqueue(LIST_IMPORT_JOB, { importId }, tx);
      });
    } catch (error) {
      await upload.discard();
      throw error;
    }
  };

  const groupsWithCompetitors = async (rows: GroupRow[]) => {
    const competitors = await findCompetitorsOfGroups(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toCompetitorGroup(row, competitors));
  };

  const ownGroup = async (userId: string, groupId: string) => {
    const group = await findGroup(db, userId, groupId);
    if (!group) throw notFound();
    return group;
  };

  return {
    uploadReferents: async (userId, domainId, request) => {
      if (!(await readActiveDomain(db, userId, domainId))) throw notFound();
      await startImport(userId, request, { kind: 'referents', id: domainId });
      const domain = await readActiveDomain(db, userId, domainId);
      if (!domain) throw notFound();
      return domain;
    },
    listGroups: async (userId, { page, limit, buyerDomainId }) => {
      // An id that cannot be a domain's lists nothing, as a foreign or unknown one does.
      if (buyerDomainId !== null && !UUID.test(buyerDomainId)) {
        return { data: [], pagination: { page, limit, total: 0 } };
      }
      const [total, rows] = await Promise.all([
        countGroups(db, userId, buyerDomainId),
        findGroups(db, userId, { buyerDomainId, offset: (page - 1) * limit, limit }),
      ]);
      return { data: await groupsWithCompetitors(rows), pagination: { page, limit, total } };
    },
    createGroup: async (userId, body, tx = db) => {
      const domain = UUID.test(body.buyer_domain)
        ? await readActiveDomain(tx, userId, body.buyer_domain)
        : null;
      if (!domain) {
        throw new ApiError(400, VALIDATION_FAILED_MESSAGE, {
          violations: [{ path: 'buyer_domain', message: BUYER_DOMAIN_NOT_YOURS_MESSAGE }],
        });
      }
      if (await hasGroupNamed(tx, domain.id, body.name)) {
        throw new ApiError(400, VALIDATION_FAILED_MESSAGE, {
          violations: [{ path: 'name', message: COMPETITOR_GROUP_NAME_TAKEN_MESSAGE }],
        });
      }
      const id = await insertGroup(tx, { buyerDomainId: domain.id, name: body.name });
      const group = await findGroup(tx, userId, id);
      return toCompetitorGroup(group!, []);
    },
    deleteGroup: async (userId, groupId) => {
      await ownGroup(userId, groupId);
      await deleteGroup(db, groupId);
    },
    uploadCompetitors: async (userId, groupId, request) => {
      await ownGroup(userId, groupId);
      await startImport(userId, request, { kind: 'competitors', id: groupId });
      const [group] = await groupsWithCompetitors([await ownGroup(userId, groupId)]);
      return group!;
    },
    statuses: async (userId, ids, limit) => {
      const rows = await findStatuses(db, userId, [...new Set(ids)]);
      return { data: rows.slice(0, limit).map(toImportStatus) };
    },
  };
}

function toImportStatus(row: {
  id: string;
  status: ImportStatus['status'];
  errors: string[];
}): ImportStatus {
  return { id: row.id, status: row.status, errors: row.errors };
}

function importStatusOf(row: {
  importId: string | null;
  importStatus: ImportStatus['status'] | null;
  importErrors: string[] | null;
}): ImportStatus | null {
  return row.importId && row.importStatus
    ? { id: row.importId, status: row.importStatus, errors: row.importErrors ?? [] }
    : null;
}

function toCompetitorGroup(
  row: GroupRow,
  competitors: Awaited<ReturnType<typeof findCompetitorsOfGroups>>,
): CompetitorGroup {
  return {
    id: row.id,
    name: row.name,
    buyer_domain: { id: row.buyerDomainId, hostname: row.buyerDomainHostname },
    competitors_file: joinedOrNull({ id: row.fileId, file_name: row.fileName }),
    import_status: importStatusOf(row),
    competitors: competitors
      .filter((competitor) => competitor.groupId === row.id)
      .map((competitor) => ({
        id: competitor.id,
        hostname: competitor.hostname,
        referring_domains: competitor.referringDomains,
      })),
  };
}
