// Compresses what the API answers (decision 100). JSON of 1 KB or more goes out as brotli or gzip,
// whichever the client prefers; brotli at a low quality, because an answer is compressed on every
// request and a catalogue page must not wait for the compressor. Files the build has compressed
// already (the web app's assets, served with their own Content-Encoding) pass through untouched.
// Request bodies are never decompressed: a small compressed upload must not expand into a large one.
import { constants as zlib } from 'node:zlib';

import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this gain less than the headers and the work cost. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
