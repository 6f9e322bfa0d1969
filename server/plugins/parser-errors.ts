// Answers for requests refused before any route or hook runs, in the same error format and with
// the same security headers as every other answer: a malformed address (Fastify's router), and
// what Node's HTTP parser refuses (headers or query too large, Content-Length together with
// Transfer-Encoding, a broken request line). Nothing of the request is echoed back.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

import type { ErrorBody } from '#contract/errors.ts';

import { sendError } from './errors.ts';
import { securityHeaders } from './security-headers.ts';

export const BAD_ADDRESS_MESSAGE = 'The address of the request is not valid.';
export const HEADERS_TOO_LARGE_MESSAGE =
  'The request’s address or headers are too large (at most 16 KB together).';
export const MALFORMED_REQUEST_MESSAGE = 'The request could not be read.';

/** Fastify's `frameworkErrors`: a path that does not decode, a parameter over its length. */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  request.log.info({ code: error.code }, 'Request refused by the router');
  reply.headers({ ...securityHeaders(), 'cache-control': 'no-store', 'x-request-id': request.id });
  return sendError(reply, 400, { message: BAD_ADDRESS_MESSAGE });
}

interface ClientError extends Error {
  code?: string;
}

/** Fastify's `clientErrorHandler`: what the HTTP parser refused, written to the socket as is. */
export function answerClientError(error: ClientError, socket: Socket): void {
  // A client that went away or timed out gets nothing: there is nobody to read it.
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || !socket.writable) {
    socket.destroy(error);
    return;
  }
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : 400;
  const body: ErrorBody = {
    code: status,
    message: status === 431 ? HEADERS_TOO_LARGE_MESSAGE : MALFORMED_REQUEST_MESSAGE,
  };
  const payload = JSON.stringify(body);
  const headers: Record<string, string> = {
    ...securityHeaders(),
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(payload)),
    'cache-control': 'no-store',
    connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n\r\n${payload}`);
}
