// Global setup of the `s3` test project: s3rver, a real S3 API, on a free loopback port for the
// test files that project runs once more on the S3 file store (vitest.config.ts); their test app
// reads its address with inject('s3Endpoint') (tests/helpers/test-app.ts).
import type { TestProject } from 'vitest/node';

import { type RunningS3Server, startS3Server } from '../helpers/s3-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Given in the `s3` project only (undefined elsewhere): the S3 API the file store uses. */
    s3Endpoint: string;
  }
}

let server: RunningS3Server | null = null;

export async function setup(project: TestProject): Promise<void> {
  server = await startS3Server();
  project.provide('s3Endpoint', server.endpoint);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
