import type { FastifyRequest } from 'fastify';

/** Single-use tokens travel in the path of confirmation and reset links; keep them out of logs. */
export function redactTokens(url: string): string {
  return url.replace(/(\/(?:confirmations|resets)\/)[^/?#]+/g, '$1[redacted]');
}

/** How a request appears in the request log. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}
