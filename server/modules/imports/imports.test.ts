import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { MAX_UPLOAD_BYTES } from '#contract/constants.ts';
import {
  BuyerDomainListSchema,
  BuyerDomainSchema,
  CompetitorGroupListSchema,
  CompetitorGroupSchema,
  ImportErrorSchema,
  ImportStatusListSchema,
} from '#contract/domains.ts';
import { HOSTNAME_MESSAGES } from '#contract/hostname.ts';
import { queryRows } from '#server/db/database.ts';
import {
  TEXT_FILE_NAME_MESSAGE,
  TEXT_FILE_TYPE_MESSAGE,
} from '#server/modules/files/files.service.ts';
import { UNKNOWN_ID } from '#tests/helpers/fixture.ts';
import { multipart } from '#tests/helpers/orders.ts';
import { bearer, type TestContext, useSignedInApp } from '#tests/helpers/test-app.ts';

import { IMPORT_ERROR_MESSAGES, MAX_STORED_ROW_ERRORS } from './list-reader.ts';

type Who = 'buyer' | 'secondBuyer';

describe('uploaded lists', () => {
  const app = useSignedInApp();
  let ctx: TestContext, tokens: Record<Who, string>;
  let domainId: string, otherDomainId: string, foreignDomainId: string;
  beforeAll(async () => {
    ({ ctx, tokens } = app);
    const own = BuyerDomainListSchema.parse((await get('buyer', '/api/v1/buyer/domains')).json());
    domainId = own.data[0]!.id;
    otherDomainId = own.data[1]!.id;
    const foreign = BuyerDomainListSchema.parse(
      (await get('secondBuyer', '/api/v1/buyer/domains')).json(),
    );
    foreignDomainId = foreign.data[0]!.id;
  });

  const get = (who: Who, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });

  const upload = (who: Who, url: string, text: string | Buffer, name = 'list.csv') => {
    const form = multipart({}, { name, bytes: Buffer.isBuffer(text) ? text : Buffer.from(text) });
    return ctx.app.inject({
      method: 'PUT',
      url,
      payload: form.payload,
      headers: { ...bearer(tokens[who]), ...form.headers },
    });
  };

  const uploadReferents = (text: string | Buffer, who: Who = 'buyer', id = domainId) =>
    upload(who, `/api/v1/buyer/domains/${id}/referents`, text);

  const runJobs = async () => {
    while (await ctx.app.jobs.runNext());
  };

  const statusOf = async (id: string, who: Who = 'buyer') => {
    const response = await get(who, `/api/v1/imports/statuses?filter[ids][]=${id}`);
    expect(response.statusCode).toBe(200);
    return ImportStatusListSchema.parse(response.json()).data[0];
  };

  /** Uploads a referring-domain list, runs the import, answers its status. */
  const importReferents = async (text: string | Buffer, id = domainId) => {
    const response = await uploadReferents(text, 'buyer', id);
    expect(response.statusCode).toBe(202);
    const domain = BuyerDomainSchema.parse(response.json());
    await runJobs();
    return statusOf(domain.import_status!.id);
  };

  const referentsOf = async (id = domainId) =>
    (
      await queryRows<{ hostname: string }>(
        ctx.handle.db,
        sql`select hostname from buyer_domain_referents where buyer_domain_id = ${id} order by hostname`,
      )
    ).map((row) => row.hostname);

  const rowError = (line: number, column: number, value: string, message: string) =>
    JSON.stringify({
      message: IMPORT_ERROR_MESSAGES.rowSkipped(value),
      violations: [{ path: `line ${line}, column ${column}`, message }],
    });

  describe('PUT /api/v1/buyer/domains/{id}/referents', () => {
    it('answers 202 with the file and a pending import, then imports the list', async () => {
      const response = await uploadReferents('example.com\nhttps://www.Other-Site.org/page\n');
      expect(response.statusCode).toBe(202);
      const domain = BuyerDomainSchema.parse(response.json());
      expect(domain).toEqual({
        id: domainId,
        hostname: 'northwind-outdoor.com',
        referents_file: { id: expect.any(String), file_name: 'list.csv' },
        import_status: { id: expect.any(String), status: 'pending', errors: [] },
      });
      expect(await statusOf(domain.import_status!.id)).toEqual({
        id: domain.import_status!.id,
        status: 'pending',
        errors: [],
      });
      await runJobs();
      expect(await statusOf(domain.import_status!.id)).toEqual({
        id: domain.import_status!.id,
        status: 'success',
        errors: [],
      });
      expect(await referentsOf()).toEqual(['example.com', 'other-site.org']);
      const [row] = await queryRows<{ rows_read: number; rows_imported: number }>(
        ctx.handle.db,
        sql`select rows_read, rows_imported from file_imports where id = ${domain.import_status!.id}`,
      );
      expect(row).toEqual({ rows_read: 2, rows_imported: 2 });
    });

    it('reads a BOM, CRLF, semicolons, quoted newlines and an SEO export header', async () => {
      const file =
        '\uFEFFTarget URL;Referring Domain;Domain Rating\r\n' +
        'https://northwind-outdoor.com/;alpha.com;12\r\n' +
        '"https://northwind-outdoor.com/a";"beta.com";"note with\r\nnewline"\r\n' +
        'https://northwind-outdoor.com/;ALPHA.com;3\r\n';
      expect(await importReferents(file)).toMatchObject({ status: 'success', errors: [] });
      expect(await referentsOf()).toEqual(['alpha.com', 'beta.com']);
    });

    it('reads tabs and an IDN, which is stored as punycode', async () => {
      const file = 'Source URL\tAnchor\nhttps://bücher.de/x\tbooks\nexample.org\tx\n';
      expect(await importReferents(file)).toMatchObject({ status: 'success', errors: [] });
      expect(await referentsOf()).toEqual(['example.org', 'xn--bcher-kva.de']);
    });

    it('skips an unnamed header of words and reads the first column', async () => {
      const file = 'Websites we know,Notes\nknown.com,x\n';
      expect(await importReferents(file)).toMatchObject({ status: 'success', errors: [] });
      expect(await referentsOf()).toEqual(['known.com']);
    });

    it('skips rows that are not domains, naming line and column, and keeps the rest', async () => {
      const longLabel = `${'a'.repeat(64)}.com`;
      const file = [
        'good.com',
        '=1+1',
        'javascript:alert(1)',
        '192.168.0.1',
        longLabel,
        ',second-cell-only.com',
        'good.com',
      ].join('\n');
      const status = await importReferents(file);
      expect(status).toEqual({
        id: expect.any(String),
        status: 'success',
        errors: [
          rowError(2, 1, '=1+1', HOSTNAME_MESSAGES.invalid),
          rowError(3, 1, 'javascript:alert(1)', HOSTNAME_MESSAGES.invalid),
          rowError(4, 1, '192.168.0.1', HOSTNAME_MESSAGES.ip_address),
          rowError(5, 1, longLabel, HOSTNAME_MESSAGES.label_too_long),
          rowError(6, 1, '', HOSTNAME_MESSAGES.empty),
        ],
      });
      for (const error of status!.errors) ImportErrorSchema.parse(JSON.parse(error));
      expect(await referentsOf()).toEqual(['good.com']);
    });

    it('keeps the first 100 row errors and counts the rest in one closing error', async () => {
      const rows = ['fine.com', ...Array.from({ length: 150 }, (_, i) => `bad_${i}`)];
      const status = await importReferents(rows.join('\n'));
      expect(status!.status).toBe('success');
      expect(status!.errors).toHaveLength(MAX_STORED_ROW_ERRORS + 1);
      expect(status!.errors.at(-1)).toBe(
        JSON.stringify({ message: '50 more rows were skipped.', violations: [] }),
      );
    });

    it('fails a file without any domain and keeps the previous list', async () => {
      await importReferents('kept.com\nalso-kept.com');
      const status = await importReferents('=1+1\n10.0.0.1\n');
      expect(status).toEqual({
        id: expect.any(String),
        status: 'failed',
        errors: [
          JSON.stringify({ message: IMPORT_ERROR_MESSAGES.noDomains, violations: [] }),
          rowError(1, 1, '=1+1', HOSTNAME_MESSAGES.invalid),
          rowError(2, 1, '10.0.0.1', HOSTNAME_MESSAGES.ip_address),
        ],
      });
      expect(await referentsOf()).toEqual(['also-kept.com', 'kept.com']);
    });

    it('fails an empty file and a 1 MB single line, keeping the previous list', async () => {
      await importReferents('kept.com');
      expect((await importReferents(''))!.status).toBe('failed');
      const line = `${'x'.repeat(1024 * 1024)}.com`;
      const status = await importReferents(line);
      expect(status!.status).toBe('failed');
      expect(status!.errors[1]).toBe(rowError(1, 1, line, HOSTNAME_MESSAGES.too_long));
      expect(await referentsOf()).toEqual(['kept.com']);
    });

    it('fails a file that is not CSV (an open quote) and keeps the previous list', async () => {
      await importReferents('kept.com');
      const status = await importReferents('good.com\n"unclosed.com\n');
      expect(status!.status).toBe('failed');
      expect(ImportErrorSchema.parse(JSON.parse(status!.errors[0]!)).message).toBe(
        IMPORT_ERROR_MESSAGES.notCsv,
      );
      expect(await referentsOf()).toEqual(['kept.com']);
    });

    it('replaces a large list with a new one', async () => {
      const first = Array.from({ length: 6000 }, (_, i) => `site-${i}.com`);
      await importReferents(first.join('\n'));
      expect(await referentsOf()).toHaveLength(6000);
      const second = Array.from({ length: 3000 }, (_, i) => `site-${i + 4000}.com`);
      await importReferents(second.join('\n'));
      expect(await referentsOf()).toEqual([...second].sort());
    });

    it('refuses a file that is not text by its content, whatever its name', async () => {
      const invalidUtf8 = Buffer.from([0x61, 0x2e, 0x63, 0x6f, 0x6d, 0x0a, 0xc3, 0x28]);
      const withNul = Buffer.from('a.com\n\u0000b.com');
      const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]);
      for (const bytes of [invalidUtf8, withNul, zip]) {
        const response = await uploadReferents(bytes);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          message: TEXT_FILE_TYPE_MESSAGE,
          violations: [{ path: 'file', message: TEXT_FILE_TYPE_MESSAGE }],
        });
      }
    });

    it('refuses a text file whose name does not end in .csv or .txt', async () => {
      const before = await get('buyer', '/api/v1/buyer/domains');
      const url = `/api/v1/buyer/domains/${domainId}/referents`;
      for (const name of ['list.exe', '.exe', 'list.csv.html', 'list.pdf']) {
        const response = await upload('buyer', url, 'a.com\nb.com\n', name);
        expect(response.statusCode, name).toBe(400);
        expect(response.json().violations, name).toEqual([
          { path: 'file', message: TEXT_FILE_NAME_MESSAGE },
        ]);
      }
      expect((await get('buyer', '/api/v1/buyer/domains')).json()).toEqual(before.json());
      expect((await upload('buyer', url, 'a.com\n', 'LIST.TXT')).statusCode).toBe(202);
    });

    it('answers 413 for 20 MB and one byte, and leaves the domain as it was', async () => {
      const before = await get('buyer', '/api/v1/buyer/domains');
      const response = await uploadReferents(Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x61));
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe(
        'The file is too large (20971521 bytes). Allowed maximum size is 20971520 bytes.',
      );
      expect((await get('buyer', '/api/v1/buyer/domains')).json()).toEqual(before.json());
    });

    it("answers another buyer's, an unknown and an archived domain with the same 404", async () => {
      const answers = [];
      for (const id of [foreignDomainId, UNKNOWN_ID]) {
        answers.push(await uploadReferents('a.com', 'buyer', id));
      }
      await ctx.handle.db.execute(
        sql`update buyer_domains set archived_at = now() where id = ${otherDomainId}`,
      );
      answers.push(await uploadReferents('a.com', 'buyer', otherDomainId));
      await ctx.handle.db.execute(
        sql`update buyer_domains set archived_at = null where id = ${otherDomainId}`,
      );
      for (const answer of answers) {
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toEqual(answers[0]!.json());
      }
      expect((await uploadReferents('a.com', 'buyer', 'not-a-uuid')).statusCode).toBe(400);
    });
  });

  describe('competitor groups', () => {
    const groupsUrl = '/api/v1/buyer/domains/competitor-groups';
    const createGroup = (who: Who, body: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: groupsUrl,
        payload: body,
        headers: bearer(tokens[who]),
      });

    it('refuses a second group of the same name on one domain, letter case aside', async () => {
      expect(
        (await createGroup('buyer', { buyer_domain: domainId, name: 'Twins' })).statusCode,
      ).toBe(201);
      const again = await createGroup('buyer', { buyer_domain: domainId, name: ' twins ' });
      expect(again.statusCode).toBe(400);
      expect(again.json().violations).toEqual([
        { path: 'name', message: 'This domain already has a group with this name.' },
      ]);
    });

    it('creates a group, imports its competitors and lists them with their counts', async () => {
      const created = await createGroup('buyer', { buyer_domain: domainId, name: ' Rivals ' });
      expect(created.statusCode).toBe(201);
      const group = CompetitorGroupSchema.parse(created.json());
      expect(group).toEqual({
        id: expect.any(String),
        name: 'Rivals',
        buyer_domain: { id: domainId, hostname: 'northwind-outdoor.com' },
        competitors_file: null,
        import_status: null,
        competitors: [],
      });
      const file =
        'Competitor,Referring domain\nrival.com,a.com\nrival.com,b.com\nhttps://other-rival.com,a.com\nrival.com,=1+1\n';
      const response = await upload('buyer', `${groupsUrl}/${group.id}/competitors`, file);
      expect(response.statusCode).toBe(202);
      const pending = CompetitorGroupSchema.parse(response.json());
      expect(pending.import_status).toEqual({
        id: expect.any(String),
        status: 'pending',
        errors: [],
      });
      expect(pending.competitors_file).toEqual({ id: expect.any(String), file_name: 'list.csv' });
      await runJobs();
      expect(await statusOf(pending.import_status!.id)).toEqual({
        id: pending.import_status!.id,
        status: 'success',
        errors: [rowError(5, 2, '=1+1', HOSTNAME_MESSAGES.invalid)],
      });
      const list = CompetitorGroupListSchema.parse(
        (await get('buyer', `${groupsUrl}?filter[buyer_domain]=${domainId}`)).json(),
      );
      const listed = list.data.find((item) => item.id === group.id);
      expect(listed?.competitors).toEqual([
        { id: expect.any(String), hostname: 'other-rival.com', referring_domains: 1 },
        { id: expect.any(String), hostname: 'rival.com', referring_domains: 2 },
      ]);

      // A headerless file: competitor first, referring domain second; it replaces the group.
      await upload('buyer', `${groupsUrl}/${group.id}/competitors`, 'rival.com;c.com\n');
      await runJobs();
      const replaced = CompetitorGroupListSchema.parse(
        (await get('buyer', `${groupsUrl}?filter[buyer_domain]=${domainId}`)).json(),
      );
      expect(replaced.data.find((item) => item.id === group.id)?.competitors).toEqual([
        { id: expect.any(String), hostname: 'rival.com', referring_domains: 1 },
      ]);
    });

    it('keeps groups apart between buyers: lists, creation, upload and deletion', async () => {
      const own = CompetitorGroupSchema.parse(
        (await createGroup('buyer', { buyer_domain: domainId, name: 'Mine' })).json(),
      );
      const foreign = await createGroup('buyer', { buyer_domain: foreignDomainId, name: 'X' });
      const unknown = await createGroup('buyer', { buyer_domain: UNKNOWN_ID, name: 'X' });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json()).toEqual(unknown.json());
      expect(foreign.json().violations).toEqual([
        { path: 'buyer_domain', message: 'This domain is not one of your domains.' },
      ]);
      const theirs = CompetitorGroupListSchema.parse((await get('secondBuyer', groupsUrl)).json());
      expect(theirs.data.map((group) => group.id)).not.toContain(own.id);
      const filtered = CompetitorGroupListSchema.parse(
        (await get('secondBuyer', `${groupsUrl}?filter[buyer_domain]=${domainId}`)).json(),
      );
      expect(filtered.data).toEqual([]);
      const theirUpload = await upload(
        'secondBuyer',
        `${groupsUrl}/${own.id}/competitors`,
        'a.com,b.com',
      );
      const unknownUpload = await upload(
        'secondBuyer',
        `${groupsUrl}/${UNKNOWN_ID}/competitors`,
        'a.com,b.com',
      );
      expect(theirUpload.statusCode).toBe(404);
      expect(theirUpload.json()).toEqual(unknownUpload.json());
      const theirDelete = await ctx.app.inject({
        method: 'DELETE',
        url: `${groupsUrl}/${own.id}`,
        headers: bearer(tokens.secondBuyer),
      });
      expect(theirDelete.statusCode).toBe(404);
      const ownDelete = await ctx.app.inject({
        method: 'DELETE',
        url: `${groupsUrl}/${own.id}`,
        headers: bearer(tokens.buyer),
      });
      expect(ownDelete.statusCode).toBe(204);
      const after = CompetitorGroupListSchema.parse((await get('buyer', groupsUrl)).json());
      expect(after.data.map((group) => group.id)).not.toContain(own.id);
    });

    it('creates a group once for a repeated idempotency key', async () => {
      const send = () =>
        ctx.app.inject({
          method: 'POST',
          url: groupsUrl,
          payload: { buyer_domain: otherDomainId, name: 'Once' },
          headers: { ...bearer(tokens.buyer), 'idempotency-key': 'group-once-0001' },
        });
      const first = await send();
      const second = await send();
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual(first.json());
      expect(second.headers['idempotent-replayed']).toBe('true');
    });
  });

  describe('GET /api/v1/imports/statuses', () => {
    it("answers the caller's imports only; foreign and unknown ids are left out alike", async () => {
      const own = BuyerDomainSchema.parse((await uploadReferents('mine.com')).json());
      const theirs = BuyerDomainSchema.parse(
        (await uploadReferents('theirs.com', 'secondBuyer', foreignDomainId)).json(),
      );
      const ownId = own.import_status!.id;
      const theirId = theirs.import_status!.id;
      const response = await get(
        'buyer',
        `/api/v1/imports/statuses?filter[ids][]=${ownId}&filter[ids][]=${theirId}&filter[ids][]=${UNKNOWN_ID}&limit=3`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: [{ id: ownId, status: 'pending', errors: [] }] });
      await runJobs();
    });

    it('answers 400 for a malformed id and for too many ids', async () => {
      const malformed = await get('buyer', '/api/v1/imports/statuses?filter[ids][]=nope');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().violations).toHaveLength(1);
      const many = Array.from({ length: 51 }, () => `filter[ids][]=${UNKNOWN_ID}`).join('&');
      expect((await get('buyer', `/api/v1/imports/statuses?${many}`)).statusCode).toBe(400);
    });
  });

  describe('the catalogue follows a finished import', () => {
    it('marks the listed sites as already linked and as linking to a competitor', async () => {
      const sites = await queryRows<{ id: string; hostname: string }>(
        ctx.handle.db,
        sql`select id, hostname from sites order by hostname limit 2`,
      );
      const [linked, competing] = sites;
      const catalogue = async (filter: string) => {
        const response = await get(
          'buyer',
          `/api/v1/buyer/sites?filter[buyer_domain]=${otherDomainId}&${filter}&limit=100`,
        );
        expect(response.statusCode).toBe(200);
        return response.json() as {
          data: { id: string; is_back_linked: boolean; competitors: { hostname: string }[] }[];
          pagination: { total: number };
        };
      };
      expect((await catalogue('filter[is_back_linked]=true')).pagination.total).toBe(0);
      expect((await importReferents(`Domain\n${linked!.hostname}\n`, otherDomainId))!.status).toBe(
        'success',
      );
      const backLinked = await catalogue('filter[is_back_linked]=true');
      expect(backLinked.pagination.total).toBe(1);
      expect(backLinked.data.map((site) => [site.id, site.is_back_linked])).toEqual([
        [linked!.id, true],
      ]);

      const group = CompetitorGroupSchema.parse(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/v1/buyer/domains/competitor-groups',
            payload: { buyer_domain: otherDomainId, name: 'Gap' },
            headers: bearer(tokens.buyer),
          })
        ).json(),
      );
      await upload(
        'buyer',
        `/api/v1/buyer/domains/competitor-groups/${group.id}/competitors`,
        `target,source\nrival.com,${competing!.hostname}\n`,
      );
      await runJobs();
      const gap = await catalogue('filter[competitors]=true&filter[is_back_linked]=false');
      expect(gap.pagination.total).toBe(1);
      expect(gap.data[0]).toMatchObject({
        id: competing!.id,
        is_back_linked: false,
        competitors: [{ hostname: 'rival.com' }],
      });
    });
  });
});
