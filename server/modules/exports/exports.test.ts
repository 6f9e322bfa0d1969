import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { SiteListSchema } from '#contract/catalogue.ts';
import {
  EXPORT_COLUMNS,
  exportColumnLabel,
  type ExportTask,
  ExportTaskSchema,
  MAX_EXPORT_SITE_IDS,
} from '#contract/exports.ts';
import { jobs, sites, websiteTopics } from '#server/db/schema/index.ts';
import {
  createJobRunner,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_STALE_AFTER_MS,
} from '#server/jobs/job-runner.ts';
import { csvRecords, readCsv } from '#tests/helpers/csv-reader.ts';
import { FIXTURE, UNKNOWN_ID } from '#tests/helpers/fixture.ts';
import {
  bearer,
  signInBuyers,
  TEST_START,
  type TestContext,
  useSignedInApp,
} from '#tests/helpers/test-app.ts';

import { createSitesService } from '../sites/sites.service.ts';
import { createSiteExportJob, EXPORT_FAILED_MESSAGE, SITE_EXPORT_JOB } from './site-export.job.ts';

describe('site export tasks', () => {
  const app = useSignedInApp();
  let ctx: TestContext, tokens: Record<string, string>;
  beforeAll(() => ({ ctx, tokens } = app));

  const call = (method: 'GET' | 'POST', url: string, payload?: object, who = 'buyer') =>
    ctx.app.inject({
      method,
      url,
      headers: bearer(tokens[who] ?? ''),
      ...(payload ? { payload } : {}),
    });
  const start = async (payload: object, who = 'buyer') => {
    const response = await call('POST', '/api/v1/buyer/sites/exports/tasks', payload, who);
    expect(response.statusCode, response.body).toBe(201);
    return ExportTaskSchema.parse(response.json());
  };
  const poll = async (id: string, who = 'buyer') =>
    ExportTaskSchema.parse(
      (await call('GET', `/api/v1/buyer/sites/exports/tasks/${id}`, undefined, who)).json(),
    );
  const download = async (task: ExportTask) => {
    const response = await call('GET', task.file?.path ?? '');
    expect(response.statusCode).toBe(200);
    return response;
  };

  const rowsOf = (text: string) => readCsv(text).rows;

  it('goes from pending to completed with a CSV of exactly the listed sites in list order', async () => {
    const query = {
      filter: { ahrefs_domain_rating: { min: 10 }, link_types: ['do_follow'] },
      sorting: { price: 'DESC' },
    };
    const task = await start(query);
    expect(task).toEqual({
      id: expect.any(String),
      status: 'pending',
      progress: 0,
      created_at: TEST_START.toISOString(),
      updated_at: TEST_START.toISOString(),
      errors: [],
      file: null,
    });
    expect(await ctx.app.jobs.runNext()).toBe(true);
    expect(await ctx.app.jobs.runNext()).toBe(false);
    const done = await poll(task.id);
    expect(done.status).toBe('completed');
    expect(done.progress).toBe(100);
    expect(done.file?.path).toBe(`/api/v1/files/${done.file?.id}`);

    const response = await download(done);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="sites-export-2026-03-02\.csv"/,
    );
    const [header, ...rows] = rowsOf(response.body);
    expect(header).toEqual(EXPORT_COLUMNS.map(exportColumnLabel));
    const listed = SiteListSchema.parse(
      (
        await call(
          'GET',
          '/api/v1/buyer/sites?filter[ahrefs_domain_rating][min]=10&filter[link_types][]=do_follow&sorting[price]=DESC&limit=100',
        )
      ).json(),
    );
    expect(rows.map((row) => row[0])).toEqual(listed.data.map((site) => site.hostname));
    const first = listed.data[0];
    expect(rows[0]?.slice(0, 3)).toEqual([
      first?.hostname,
      first?.price,
      String(first?.ahrefs_domain_rating),
    ]);
  });

  it('names its columns and writes its values as the catalogue shows them, after a byte order mark', async () => {
    const task = await start({ sorting: { price: 'DESC' } });
    await ctx.app.jobs.runNext();
    const text = (await download(await poll(task.id))).body;
    const { hasByteOrderMark, rows } = readCsv(text);
    expect(hasByteOrderMark).toBe(true);
    const header = rows[0] ?? [];
    for (const name of [
      'Domain',
      'Price (€)',
      'DR',
      '4-10 keywords',
      'TF/CF',
      'RD/OT',
      'Main country',
      'Main country traffic',
      'Link type',
      'Sponsor tag',
      'Relevance date',
      'Last updated',
      'Backlinked',
      'Competitors',
      'TLD',
    ]) {
      expect(header).toContain(name);
    }
    // No wire names: every name is words, not a field such as ahrefs_keywords410.
    expect(header.filter((name) => name.includes('_'))).toEqual([]);

    const listed = SiteListSchema.parse(
      (await call('GET', '/api/v1/buyer/sites?sorting[price]=DESC&limit=100')).json(),
    ).data;
    const records = new Map(csvRecords(text).map((record) => [record.Domain, record]));
    const linkTypes = { do_follow: 'Do-follow', no_follow: 'No-follow' };
    const sponsorTags = {
      rel_sponsored: 'rel="sponsored"',
      image_tag: 'Image tag',
      no_tag: 'No tag',
      marked_by_wm: 'Marked by webmaster',
    };
    const day = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');
    let percents = 0;
    for (const site of listed) {
      const record = records.get(site.hostname);
      expect(record, site.hostname).toBeDefined();
      expect(record?.['Price (€)']).toBe(site.price);
      expect(record?.['4-10 keywords']).toBe(String(site.ahrefs_keywords410));
      expect(record?.['Link type']).toBe(linkTypes[site.link_type]);
      expect(record?.['Sponsor tag']).toBe(sponsorTags[site.sponsor_tag_type]);
      expect(record?.['Last updated']).toBe(day(site.updated_at));
      expect(record?.['Relevance date']).toBe(site.relevance_at ? day(site.relevance_at) : '');
      expect(record?.Backlinked).toBe('Not linked yet');
      const ratio = record?.['TF/CF'] ?? '';
      if (site.tf_cf === null) {
        expect(ratio).toBe('');
      } else {
        // "71.21%" for 0.7121: a percentage with at most two decimals, as the table shows it.
        expect(ratio).toMatch(/^\d{1,3}(,\d{3})*(\.\d{1,2})?%$/);
        expect(
          Math.abs(Number(ratio.slice(0, -1).replaceAll(',', '')) / 100 - site.tf_cf),
        ).toBeLessThan(0.00005 + Number.EPSILON);
        percents += 1;
      }
    }
    expect(percents).toBeGreaterThan(0);
  });

  it('exports exactly the chosen sites, in the order given', async () => {
    const listed = SiteListSchema.parse(
      (await call('GET', '/api/v1/buyer/sites?sorting[price]=ASC&limit=5')).json(),
    ).data;
    const [first, , third] = listed;
    if (!first || !third) throw new Error('Too few sites');
    const task = await start({
      filter: { ahrefs_domain_rating: { min: 0 } },
      sorting: { price: 'ASC' },
      ids: [third.id, first.id],
    });
    await ctx.app.jobs.runNext();
    const done = await poll(task.id);
    expect(done).toMatchObject({ status: 'completed', progress: 100 });
    const { hasByteOrderMark, rows } = readCsv((await download(done)).body);
    expect(hasByteOrderMark).toBe(true);
    expect(rows.slice(1).map((row) => row[0])).toEqual([third.hostname, first.hostname]);
  });

  it('writes an internationalised name as the catalogue shows it, in Unicode', async () => {
    const [site] = await ctx.handle.db.select().from(sites).limit(1);
    if (!site) throw new Error('No site');
    await ctx.handle.db
      .update(sites)
      .set({ hostname: 'xn--mnchen-3ya.de' })
      .where(eq(sites.id, site.id));
    try {
      const task = await start({ ids: [site.id] });
      await ctx.app.jobs.runNext();
      const [record] = csvRecords((await download(await poll(task.id))).body);
      expect(record?.Domain).toBe('münchen.de');
    } finally {
      await ctx.handle.db
        .update(sites)
        .set({ hostname: site.hostname })
        .where(eq(sites.id, site.id));
    }
  });

  it('refuses chosen ids that are no sites, repeated or too many, and starts nothing', async () => {
    const [site] = SiteListSchema.parse(
      (await call('GET', '/api/v1/buyer/sites?limit=1')).json(),
    ).data;
    if (!site) throw new Error('No site');
    const refused = async (ids: unknown) => {
      const response = await call('POST', '/api/v1/buyer/sites/exports/tasks', { ids });
      expect(response.statusCode, response.body).toBe(400);
      return response.json() as { code: number; message: string; violations: object[] };
    };
    expect(await refused([site.id, UNKNOWN_ID])).toEqual({
      code: 400,
      message: 'Validation failed.',
      violations: [{ path: 'ids[1]', message: 'Site not found.', parameters: { id: UNKNOWN_ID } }],
    });
    expect((await refused([site.id, 'not-an-id'])).violations).toEqual([
      expect.objectContaining({ path: 'ids[1]' }),
    ]);
    expect((await refused([site.id, site.id])).violations).toEqual([
      expect.objectContaining({ path: 'ids', message: 'Items array must contain unique values' }),
    ]);
    expect((await refused([])).violations).toEqual([
      expect.objectContaining({ path: 'ids', message: 'Choose at least one site.' }),
    ]);
    const tooMany = Array.from(
      { length: MAX_EXPORT_SITE_IDS + 1 },
      (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    );
    expect((await refused(tooMany)).violations).toEqual([expect.objectContaining({ path: 'ids' })]);
    expect(await ctx.app.jobs.runNext()).toBe(false);
  });

  it('advances progress page by page', async () => {
    const task = await start({});
    const seen: number[] = [];
    const job = createSiteExportJob({
      db: ctx.handle.db,
      sites: createSitesService({ db: ctx.handle.db }),
      now: ctx.clock.now,
      files: ctx.files,
      chunkSize: 10,
      onProgress: (_taskId, progress) => seen.push(progress),
    });
    await job({ taskId: task.id });
    // The queued job of this task is not needed: the job above has done the work.
    await ctx.handle.db.delete(jobs);
    expect(seen).toEqual([25, 50, 75, 99]);
    const done = await poll(task.id);
    expect(done).toMatchObject({ status: 'completed', progress: 100 });
    const rows = rowsOf((await download(done)).body);
    expect(rows).toHaveLength(1 + FIXTURE.siteCount);
  });

  it('hands a stopped export back to the queue, and another process finishes it', async () => {
    await ctx.handle.db.delete(jobs);
    const task = await start({});
    const exportJob = (onProgress?: () => void) =>
      createSiteExportJob({
        db: ctx.handle.db,
        sites: createSitesService({ db: ctx.handle.db }),
        now: ctx.clock.now,
        files: ctx.files,
        // Small pages: the logic of a 100,000-row export, page after page, on the fixture.
        chunkSize: 10,
        onProgress,
      });
    const runnerOf = (handler: ReturnType<typeof exportJob>) =>
      createJobRunner({
        db: ctx.handle.db,
        now: ctx.clock.now,
        handlers: { [SITE_EXPORT_JOB]: handler },
        kinds: { only: [SITE_EXPORT_JOB] },
        pollIntervalMs: 10,
      });
    // The first process is stopped after its first page, as a deploy stops it.
    let stopping: Promise<void> | null = null;
    let stopAsked = () => {};
    const asked = new Promise<void>((resolve) => (stopAsked = resolve));
    const first = runnerOf(
      exportJob(() => {
        stopping ??= first.stop();
        stopAsked();
      }),
    );
    first.start();
    await asked;
    await stopping;

    const [handedBack] = await ctx.handle.db.select().from(jobs);
    expect(handedBack).toMatchObject({
      kind: SITE_EXPORT_JOB,
      status: 'pending',
      attempts: 0,
      runAfter: null,
    });
    // Not failed: the buyer still sees it in progress, and no half file is left.
    expect(await poll(task.id)).toMatchObject({ status: 'processing', file: null });
    expect(await ctx.files.head(`exports/${task.id}.csv`)).toBeNull();

    const second = runnerOf(exportJob());
    expect(await second.runNext()).toBe(true);
    const done = await poll(task.id);
    expect(done).toMatchObject({ status: 'completed', progress: 100 });
    expect(rowsOf((await download(done)).body)).toHaveLength(1 + FIXTURE.siteCount);
    const [finished] = await ctx.handle.db.select().from(jobs);
    expect(finished).toMatchObject({ status: 'completed', attempts: 1 });
  });

  it("answers 403 to a buyer who may not export, and 404 for another buyer's task and file", async () => {
    const refused = await call('POST', '/api/v1/buyer/sites/exports/tasks', {}, 'secondBuyer');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 403, message: "You don't have access" });
    const task = await start({});
    await ctx.app.jobs.runNext();
    const done = await poll(task.id);
    const foreignTask = await call(
      'GET',
      `/api/v1/buyer/sites/exports/tasks/${task.id}`,
      undefined,
      'secondBuyer',
    );
    expect(foreignTask.statusCode).toBe(404);
    const foreignFile = await call('GET', done.file?.path ?? '', undefined, 'secondBuyer');
    expect(foreignFile.statusCode).toBe(404);
    expect(
      (await call('GET', '/api/v1/files/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url: done.file?.path ?? '' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a filter the list refuses, naming it', async () => {
    const response = await call('POST', '/api/v1/buyer/sites/exports/tasks', {
      filter: { price: { min: 'cheap' }, nope: true },
    });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .violations.map((v: { path: string }) => v.path)
        .sort(),
    ).toEqual(['filter.nope', 'filter.price.min']);
    const foreignDomain = await call('POST', '/api/v1/buyer/sites/exports/tasks', {
      filter: { is_back_linked: true },
    });
    expect(foreignDomain.json().violations).toEqual([
      { path: 'filter[is_back_linked]', message: 'Choose one of your domains to use this filter.' },
    ]);
  });

  it('writes hostile site text inert for spreadsheets, numbers as numbers', async () => {
    const hostile = ['=HYPERLINK("http://evil","x")', '-1+2', '@cmd'];
    await ctx.handle.db.insert(websiteTopics).values(hostile.map((title) => ({ title })));
    for (const [index, topic] of hostile.entries()) {
      const [row] = await ctx.handle.db.select().from(sites).offset(index).limit(1);
      await ctx.handle.db
        .update(sites)
        .set({ websiteTopic: topic })
        .where(eq(sites.id, row?.id ?? ''));
    }
    const task = await start({});
    await ctx.app.jobs.runNext();
    const text = (await download(await poll(task.id))).body;
    const rows = rowsOf(text);
    const topicColumn = EXPORT_COLUMNS.indexOf('website_topic');
    const topics = rows.map((row) => row[topicColumn]);
    expect(topics).toContain(`'=HYPERLINK("http://evil","x")`);
    expect(topics).toContain("'-1+2");
    expect(topics).toContain("'@cmd");
    expect(text).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    const drColumn = EXPORT_COLUMNS.indexOf('ahrefs_domain_rating');
    expect(rows.slice(1).every((row) => /^\d+$/.test(row[drColumn] ?? ''))).toBe(true);
  });

  it('retries an export whose worker died, and fails the task when it keeps dying', async () => {
    const task = await start({});
    const die = async (attempts: number) => {
      await ctx.handle.db
        .update(jobs)
        .set({ status: 'processing', attempts, updatedAt: ctx.clock.now() })
        .where(eq(jobs.status, 'pending'));
      ctx.clock.advanceSeconds(DEFAULT_STALE_AFTER_MS / 1000 + 1);
      // Sessions are short-lived next to the time a lease takes to run out.
      Object.assign(tokens, await signInBuyers(ctx.app));
    };
    await die(1);
    expect(await ctx.app.jobs.runNext()).toBe(true);
    expect(await poll(task.id)).toMatchObject({ status: 'completed', progress: 100 });

    const doomed = await start({});
    await die(DEFAULT_MAX_ATTEMPTS);
    expect(await ctx.app.jobs.runNext()).toBe(false);
    expect(await poll(doomed.id)).toMatchObject({
      status: 'failed',
      errors: [EXPORT_FAILED_MESSAGE],
      file: null,
    });
  });
});
