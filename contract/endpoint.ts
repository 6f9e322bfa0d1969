// An endpoint of the API declared once, as data: method, path, who may call it, what it reads
// (path parameters, query, headers, body) and what it answers. The server registers its route
// from the declaration (server/http/endpoint-route.ts: validation and OpenAPI come from it) and
// the app calls it through the API client's `call` (src/lib/api-client.ts), so a path or a method
// is written in one place only (decision 183).
import type { z } from 'zod';

import type { EndpointPermission } from './permissions.ts';

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call it: anyone, or a signed-in buyer with a Bearer token. */
export type EndpointAccess = 'public' | 'buyer';

/** The statuses an endpoint answers with when it succeeds. */
export type SuccessStatus = 200 | 201 | 202 | 204;

/**
 * A multipart/form-data body: an upload. `parts` documents the form (a file part is `z.file()`, a
 * text part a string) and types what the app sends; the server's handler reads the form itself,
 * part by part, with its limits and its checks of a file by content.
 */
export interface MultipartBody<P extends z.ZodObject = z.ZodObject> {
  readonly kind: 'multipart';
  readonly parts: P;
}

/** Declares an upload's form. */
export function multipart<const P extends z.ZodObject>(parts: P): MultipartBody<P> {
  return { kind: 'multipart', parts };
}

/**
 * A success whose body is a file's bytes (a download, an image) rather than JSON: the content
 * types it may have. The server names the file and says whether it is shown or saved
 * (Content-Disposition) per answer; the app receives the bytes with their type and that name.
 */
export interface FileResponse {
  readonly kind: 'file';
  readonly types: readonly string[];
  readonly description: string;
}

/** Declares a file answer. */
export function fileResponse(types: readonly string[], description: string): FileResponse {
  return { kind: 'file', types, description };
}

/** A file as the app receives it: its bytes (typed by the answer) and the name the server gave. */
export interface ReceivedFile {
  blob: Blob;
  /** From Content-Disposition; null when the answer named none. */
  fileName: string | null;
}

export function isMultipartBody(body: Endpoint['body']): body is MultipartBody {
  return (body as { kind?: unknown } | undefined)?.kind === 'multipart';
}

export function isFileResponse(response: Endpoint['response']): response is FileResponse {
  return (response as { kind?: unknown }).kind === 'file';
}

export interface Endpoint {
  method: EndpointMethod;
  /** From the API's base (`/api`), path parameters in braces: `/v1/buyer/saved-views/{id}`. */
  path: `/${string}`;
  access: EndpointAccess;
  /**
   * What a signed-in caller's role must hold, and in which company (contract/permissions.ts,
   * decision 203); every `buyer` endpoint names one.
   */
  permission?: EndpointPermission;
  /**
   * `tags`, `summary`, `description` and `errors` are for the API documentation: the app's build
   * leaves out those written in a declaration (`tools/endpoint-docs-out-of-app.ts`, decision 212).
   */
  tags: readonly string[];
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodType;
  headers?: z.ZodObject;
  /** JSON read with its schema, or a multipart form (`multipart({...})`). */
  body?: z.ZodType | MultipartBody;
  /** The status of a success and its body: JSON (`z.null()` when there is none) or a file. */
  status: SuccessStatus;
  response: z.ZodType | FileResponse;
  /** The error statuses it may answer with, in the error format (500 is always possible). */
  errors: readonly number[];
  /** Answers that are neither the success nor an error, by status: `{ 304: … }`. */
  otherAnswers?: Readonly<Record<number, z.ZodType>>;
  /** The media types of the success body when it is not JSON: `['image/svg+xml']`. */
  produces?: readonly string[];
}

/** Declares an endpoint, keeping its exact types for the server's handler and the app's call. */
export function endpoint<const E extends Endpoint>(declaration: E): E {
  return declaration;
}

/** What the parts of a request must hold before parsing (as the app sends them). */
type Input<S> = S extends z.ZodType ? z.input<S> : never;

export type ParamsOf<E extends Endpoint> = Input<E['params']>;
export type QueryOf<E extends Endpoint> = Input<E['query']>;
export type BodyOf<E extends Endpoint> =
  E['body'] extends MultipartBody<infer P> ? z.input<P> : Input<E['body']>;
/** The body of a success, as the app reads it. */
export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : ReceivedFile;

/**
 * The endpoint's path with its parameters filled in, each encoded as one path segment. A
 * parameter the path names but `params` lacks is a programming error, so it throws.
 */
export function endpointPath(
  path: string,
  params: Readonly<Record<string, string | number>> = {},
): string {
  let result = '';
  let rest = path;
  for (let open = rest.indexOf('{'); open !== -1; open = rest.indexOf('{')) {
    const close = rest.indexOf('}', open);
    const name = rest.slice(open + 1, close);
    const value = params[name];
    if (close === -1 || value === undefined) throw new Error(`${path}: no value for {${name}}`);
    result += rest.slice(0, open) + encodeURIComponent(String(value));
    rest = rest.slice(close + 1);
  }
  return result + rest;
}
