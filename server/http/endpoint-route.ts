// A route registered from its declaration in the contract (decision 183): the path, method,
// validation and API documentation all come from the `Endpoint`; a module gives only its handler
// and, where it needs them, server-only options (idempotency). An upload's form is read by the
// handler (its parts are documented, not validated here); a file answer's headers are written here.
import type { Readable } from 'node:stream';

import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
} from 'fastify';
import { z } from 'zod';

import {
  type Endpoint,
  type FileResponse,
  isFileResponse,
  isMultipartBody,
} from '#contract/endpoint.ts';

import { dispositionHeader, DOWNLOAD_SECURITY_HEADERS } from './attachment.ts';
import { checkEndpointPermission } from './member-access.ts';
import { errorResponses } from './responses.ts';
import { validatorCompiler } from './validation.ts';

type Output<S> = S extends z.ZodType ? z.output<S> : unknown;

/**
 * What a handler answers for a file: its bytes (a stored file's stream, a Buffer or text), its
 * content type, and the name it is shown or saved under.
 */
export interface FileAnswer {
  body: Readable | Buffer | string;
  type: string;
  fileName: string;
  /** Saved (the default) or shown in the browser. */
  disposition?: 'attachment' | 'inline';
  /** Content-Length, when known. */
  size?: number;
  /** 'private, no-store' unless given. */
  cacheControl?: string;
  /** Headers besides, over the defaults (`DOWNLOAD_SECURITY_HEADERS`). */
  headers?: Readonly<Record<string, string>>;
}

/** The request of an endpoint's handler, with its parts as the declaration parsed them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Output<E['params']>;
  Querystring: Output<E['query']>;
  Headers: Output<E['headers']>;
  /** An upload's form is not parsed before the handler: it reads the parts itself. */
  Body: Output<E['body']>;
}>;

/** What a handler answers: the body of the declared success, before serialisation, or a file. */
export type EndpointAnswer<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.input<E['response']>
  : FileAnswer;

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

/** How the documentation shows a file's bytes: `{ type: string, format: binary }`. */
const BinarySchema = z.file();

/** The documented answer of a file endpoint: its content types, each as bytes. */
function fileDocumentation(file: FileResponse) {
  const content = Object.fromEntries(file.types.map((type) => [type, { schema: BinarySchema }]));
  return { description: file.description, content };
}

/**
 * An upload route's validation: its path, query and headers as any route's; its body (the form's
 * parts, documented) is left to the handler, which reads it part by part and refuses what is not
 * multipart with 415.
 */
const uploadValidatorCompiler: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body'
    ? (data) => ({ value: data })
    : validatorCompiler({ ...route, schema: route.schema as z.ZodType });

/** Sends a file answer with its type, disposition and the headers every download carries. */
function sendFile(reply: FastifyReply, status: number, file: FileAnswer): FastifyReply {
  void reply
    .status(status)
    .type(file.type)
    .header(
      'content-disposition',
      dispositionHeader(file.disposition ?? 'attachment', file.fileName),
    )
    .header('cache-control', file.cacheControl ?? 'private, no-store')
    .headers({ ...DOWNLOAD_SECURITY_HEADERS, ...file.headers });
  if (file.size !== undefined) void reply.header('content-length', String(file.size));
  return reply.send(file.body);
}

/** Registers `endpoint` on `app` with its handler; `config` carries server-only route options. */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  config?: FastifyContextConfig,
): void {
  const { method, access, tags, summary, description, status, response, body } = endpoint;
  const upload = isMultipartBody(body) ? body : null;
  const file = isFileResponse(response) ? response : null;
  app.route({
    method,
    url: urlInside(app, endpoint),
    config,
    ...(endpoint.permission && endpoint.permission.name !== 'account'
      ? { preValidation: (request) => checkEndpointPermission(request, endpoint.permission!) }
      : {}),
    ...(upload ? { validatorCompiler: uploadValidatorCompiler } : {}),
    schema: {
      tags: [...tags],
      summary,
      ...(description === undefined ? {} : { description }),
      ...(access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      ...(upload ? { consumes: ['multipart/form-data'], body: upload.parts } : {}),
      ...(body && !upload ? { body } : {}),
      ...(file
        ? { produces: [...file.types] }
        : endpoint.produces
          ? { produces: [...endpoint.produces] }
          : {}),
      response: {
        [status]: file ? fileDocumentation(file) : response,
        ...endpoint.otherAnswers,
        ...errorResponses(...endpoint.errors),
      },
    },
    handler: async (request, reply) => {
      const answer = await handler(request as EndpointRequest<E>, reply);
      if (reply.sent) return answer;
      if (file) return sendFile(reply, status, answer as FileAnswer);
      void reply.status(status);
      return answer;
    },
  });
}
