// The app as the server tests use it: on a fresh database, with a controllable clock, mail written
// to a temporary directory, and nothing logged. Files go to the local store in a temporary
// directory, or in the `s3` test project to a real S3 API (s3rver), under a prefix of their own.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';

import { type AppOptions, createApp } from '#server/app.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { loginFailures } from '#server/db/schema/index.ts';
import { createMailer, type Mailer } from '#server/mail/mailer.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { createLocalFileStore } from '#server/storage/local-file-store.ts';

import { FIXTURE } from './fixture.ts';
import { createTestS3Store } from './s3-server.ts';
import { createTestClock, type TestClock } from './test-clock.ts';
import { createProjectDatabase } from './test-databases.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
export const TEST_START = new Date('2026-03-02T09:00:00Z');
export const TEST_PUBLIC_URL = 'http://portal.test';

export interface TestContext {
  app: FastifyInstance;
  handle: DatabaseHandle;
  clock: TestClock;
  mailDir: string;
  /** A temporary directory removed on close; the local file store's root is its `files/`. */
  dataDir: string;
  /** The app's file store: local, or S3 in the `s3` project. */
  files: FileStore;
  /** Sends the queued mail that is due (mail is sent by a worker, not in the request). */
  drainMail(): Promise<void>;
  /** Injects a request, then sends the mail it queued, as the mail worker would. */
  injectAndSendMail(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export type AppOverrides = Partial<Omit<AppOptions, 'db' | 'now'>>;

/**
 * Builds the app on `handle`; by default on a fresh database with the fixture, of the kind the
 * test project runs on (PGlite, or PostgreSQL in the `postgres` project).
 */
export async function createTestContext(
  options: {
    handle?: DatabaseHandle;
    overrides?: AppOverrides;
    closeHandle?: () => Promise<void>;
    /** Puts something between the mail worker and the file transport (mail-box.ts `failingFirst`). */
    wrapMailer?: (mailer: Mailer) => Mailer;
  } = {},
): Promise<TestContext> {
  const database = options.handle
    ? { handle: options.handle, close: options.closeHandle ?? (() => options.handle!.close()) }
    : await createProjectDatabase();
  const { handle } = database;
  const clock = createTestClock(TEST_START);
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-mail-'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-data-'));
  const files = await createTestFileStore(dataDir);
  const app = await createApp({
    db: handle.db,
    jwtSecret: TEST_JWT_SECRET,
    mailer: (options.wrapMailer ?? ((mailer: Mailer) => mailer))(
      createMailer({ from: 'Buyer portal <no-reply@portal.test>', mailDir, log: () => {} }),
    ),
    publicUrl: TEST_PUBLIC_URL,
    staticDir: null,
    files,
    now: clock.now,
    // Several suites check their routes in the OpenAPI document.
    apiDocs: true,
    ...options.overrides,
  });
  const drainMail = async () => {
    while (await app.mail.runNext());
  };
  return {
    app,
    handle,
    clock,
    mailDir,
    dataDir,
    files,
    drainMail,
    injectAndSendMail: async (request) => {
      const response = await app.inject(request);
      await drainMail();
      return response;
    },
    close: async () => {
      await app.close();
      await database.close();
      rmSync(mailDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The file store of a test app: on s3rver when the project provides one (vitest.config.ts), each
 * app under a prefix of its own; otherwise the local store under `dataDir`.
 */
export async function createTestFileStore(dataDir: string): Promise<FileStore> {
  const endpoint = inject('s3Endpoint');
  return endpoint
    ? createTestS3Store(endpoint, `test-${randomUUID()}`)
    : createLocalFileStore(path.join(dataDir, 'files'));
}

export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
): Promise<{ token: string; refresh_token: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login_check',
    payload: { username, password },
  });
  if (response.statusCode !== 200) throw new Error(`Login of ${username} failed: ${response.body}`);
  return response.json();
}

/** Access tokens of the two fixture buyers, for tests of what each may see and change. */
export async function signInBuyers(
  app: FastifyInstance,
): Promise<{ buyer: string; secondBuyer: string }> {
  const [buyer, secondBuyer] = await Promise.all([
    login(app, FIXTURE.buyer, FIXTURE.password),
    login(app, FIXTURE.secondBuyer, FIXTURE.password),
  ]);
  return { buyer: buyer.token, secondBuyer: secondBuyer.token };
}

/**
 * For a describe block: the app on a fresh database with both fixture buyers signed in, filled
 * before the block's tests run and closed after them.
 */
export function useSignedInApp(): {
  ctx: TestContext;
  tokens: { buyer: string; secondBuyer: string };
} {
  const app = {} as ReturnType<typeof useSignedInApp>;
  beforeAll(async () => {
    app.ctx = await createTestContext();
    app.tokens = await signInBuyers(app.ctx.app);
  });
  afterAll(async () => {
    await app.ctx?.close();
  });
  return app;
}

/**
 * For a describe block about signing in: the app on a fresh database, and before each test the
 * clock back at the start and no failed sign-ins left to throttle the next attempt.
 */
export function useSignInApp(): { ctx: TestContext } {
  const app = {} as ReturnType<typeof useSignInApp>;
  beforeAll(async () => {
    app.ctx = await createTestContext();
  });
  afterAll(async () => {
    await app.ctx?.close();
  });
  beforeEach(async () => {
    app.ctx.clock.set(TEST_START);
    await app.ctx.handle.db.delete(loginFailures);
  });
  return app;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
