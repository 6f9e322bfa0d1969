// Every failing request answers with the one error body of contract/errors.ts. Errors thrown on
// purpose (ApiError) and request validation pass their text through; anything else is logged
// and answered with a bare 500 so that internals never leak.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { ErrorBody } from '#contract/errors.ts';

import { ApiError, INTERNAL_ERROR_MESSAGE, NOT_FOUND_MESSAGE } from '../http/api-error.ts';
import { RequestValidationError } from '../http/validation.ts';
import { noteRefusal } from '../metrics/request-metrics.ts';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | RequestValidationError, request, reply) => {
    if (error instanceof RequestValidationError) {
      return sendError(reply, 400, { message: error.message, violations: error.violations });
    }
    if (error instanceof ApiError) {
      if (error.statusCode === 429) logRateLimited(request);
      if (error.options.limit) noteRefusal(request, error.options.limit);
      reply.headers(error.options.headers ?? {});
      return sendError(reply, error.statusCode, {
        message: error.message,
        violations: error.options.violations,
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) logRateLimited(request);
    if (status >= 400 && status < 500) return sendError(reply, status, { message: error.message });
    // The log line carries the request id (reqId) that the body and X-Request-Id name.
    request.log.error({ err: error }, 'Request failed');
    return sendError(reply, 500, { message: INTERNAL_ERROR_MESSAGE });
  });
}

/**
 * Every refusal for too many requests is a security event: one warning with the caller's user id
 * (when signed in) and address, never a token or the body; the request's log names its route.
 */
function logRateLimited(request: FastifyRequest): void {
  request.log.warn(
    {
      event: 'rate_limited',
      user_id: request.principal?.userId ?? null,
      address: request.ip,
    },
    'Security event',
  );
}

export function sendError(
  reply: FastifyReply,
  code: number,
  { message, violations }: { message: string; violations?: ErrorBody['violations'] },
): FastifyReply {
  const body: ErrorBody = violations?.length ? { code, message, violations } : { code, message };
  // A failure of the server names the request, so that a report can be matched with the log.
  if (code >= 500) body.request_id = reply.request.id;
  return reply.status(code).type('application/json; charset=utf-8').send(body);
}

export function sendNotFound(reply: FastifyReply): FastifyReply {
  return sendError(reply, 404, { message: NOT_FOUND_MESSAGE });
}
