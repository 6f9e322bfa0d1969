// A route registered from its declaration in the contract (decision 183): the path, method,
// validation and API documentation all come from the `Endpoint`; a module gives only its handler
// and, where it needs them, server-only options (idempotency).
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '#contract/endpoint.ts';
import { errorResponses } from './responses.ts';

type Output<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request of an endpoint's handler, with its parts as the declaration parsed them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Output<E['params']>;
  Querystring: Output<E['query']>;
  Headers: Output<E['headers']>;
  Body: Output<E['body']>;
}>;

/** What a handler answers: the body of the declared success, before serialisation. */
export type EndpointAnswer<E extends Endpoint> = z.input<E['response']>;

/**
 * A handler answers the declared success by returning its body, or answers otherwise (one of the
 * endpoint's `otherAnswers`, a body that is not JSON) by sending it on `reply` and returning it.
 */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => EndpointAnswer<E> | FastifyReply | Promise<EndpointAnswer<E> | FastifyReply>;

/** The address under `/api` as Fastify writes it: `/saved-views/{id}` → `/saved-views/:id`. */
export function fastifyPath(path: string): string {
  return path.replaceAll('{', ':').replaceAll('}', '');
}

/**
 * The route's address inside `app`, whose prefix (as `/api/v1/buyer`) must begin the declared
 * path: a module registered under a prefix that does not fit its endpoints fails at start.
 */
function urlInside(app: FastifyInstance, endpoint: Endpoint): string {
  const full = `/api${endpoint.path}`;
  if (!full.startsWith(app.prefix)) {
    throw new Error(`${endpoint.method} ${full} cannot be registered under ${app.prefix}`);
  }
  return fastifyPath(full.slice(app.prefix.length)) || '/';
}

/** Registers `endpoint` on `app` with its handler; `config` carries server-only route options. */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  config?: FastifyContextConfig,
): void {
  const { method, access, tags, summary, description, status, response } = endpoint;
  app.route({
    method,
    url: urlInside(app, endpoint),
    config,
    schema: {
      tags: [...tags],
      summary,
      ...(description === undefined ? {} : { description }),
      ...(access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.produces ? { produces: [...endpoint.produces] } : {}),
      response: {
        [status]: response,
        ...endpoint.otherAnswers,
        ...errorResponses(...endpoint.errors),
      },
    },
    handler: async (request, reply) => {
      const answer = await handler(request as EndpointRequest<E>, reply);
      if (!reply.sent) void reply.status(status);
      return answer;
    },
  });
}
