/**
 * HTTP transport to the API (spec §7): base URL and X-Origin from the developer settings, Bearer
 * token, the retry policy, and error bodies turned into `ApiError`. It never touches the UI; a 401
 * is reported through an injected callback so the session layer decides what happens.
 */
import type { z } from 'zod';

import {
  type Endpoint,
  endpointPath,
  isFileResponse,
  isMultipartBody,
  type MultipartBody,
  type ReceivedFile,
  type ResponseOf,
} from '#contract/endpoint.ts';
import { errorText } from '#contract/error-text.ts';
import type { Violation } from '#contract/errors.ts';
import { encodeQuery } from '#contract/query-string.ts';
import { trimEndOf } from '#contract/text-edges.ts';

import { reportAnswer, reportNoAnswer } from './connection.ts';
import { getDeveloperSettings } from './developer-settings.ts';
import { sessionStore } from './session-store.ts';

type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Statuses worth one more try for read requests (spec §7). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([
  408, 409, 425, 429, 500, 502, 503, 504,
]);
const RETRY_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD']);
const MAX_RETRY_AFTER_MS = 5000;

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** A refusal's `Retry-After` in seconds (429, 503), when the server sent one. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, body: unknown, retryAfterSeconds: number | null = null) {
    super(errorText(body));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get violations(): Violation[] {
    const body = this.body as { violations?: unknown } | null;
    return Array.isArray(body?.violations) ? (body.violations as Violation[]) : [];
  }
}

/** The request never reached the server or its answer was lost (offline, DNS, CORS). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The server could not be reached. Check your connection and try again.', { cause });
    this.name = 'NetworkError';
  }
}

/** The server answered with a body that does not match the contract. */
export class ResponseShapeError extends Error {
  constructor(path: string, cause: unknown) {
    super(`Unexpected response from ${path}`, { cause });
    this.name = 'ResponseShapeError';
  }
}

interface RequestOptions<TSchema extends z.ZodType | undefined = undefined> {
  method?: HttpMethod;
  /**
   * Nested values are written in bracket syntax (`filter[search]=…`), as the server reads them; a
   * string is a query already written with `encodeQuery` and is sent as it is.
   */
  query?: Record<string, unknown> | string;
  /** A plain value is sent as JSON, FormData as multipart. */
  body?: unknown;
  schema?: TSchema;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Send the Bearer token when one exists (default true). A 401 ends the session only for a call
   * that sends it: without it (signing in, a public link) a 401 says nothing of the session.
   */
  auth?: boolean;
}

type Result<TSchema> = TSchema extends z.ZodType ? z.output<TSchema> : unknown;

/** A request part the endpoint declares is required; one it does not declare cannot be sent. */
type Part<K extends string, S> = S extends z.ZodType
  ? { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** An upload's parts (files as File), sent as multipart, with its progress when asked for. */
type BodyPart<B> =
  B extends MultipartBody<infer P>
    ? { body: z.input<P>; onProgress?: (progress: UploadProgress) => void }
    : Part<'body', B> & { onProgress?: never };

/** What a call of an endpoint sends: its declared parts, and the transport's own options. */
export type CallInput<E extends Endpoint> = Part<'params', E['params']> &
  BodyPart<E['body']> & {
    /** Its declared parts, or a query already written with `encodeQuery` (a list's address). */
    query?: E['query'] extends z.ZodType ? z.input<E['query']> | string : never;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };

/** What a call of an endpoint answers: the body of its success, read with its schema, or a file. */
export type CallResult<E extends Endpoint> = E['status'] extends 204 ? void : ResponseOf<E>;

export interface ApiClientConfig {
  fetch?: typeof fetch;
  getBaseUrl?: () => string;
  getOriginHeader?: () => string | null | undefined;
  getAccessToken?: () => string | null | Promise<string | null>;
  onUnauthorized?: (error: ApiError) => void;
  /** Delay before the single retry of a read request. */
  retryDelay?: (response: Response) => number;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

interface UploadOptions<TSchema extends z.ZodType | undefined = undefined> {
  method?: HttpMethod;
  schema?: TSchema;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
  /** Send the Bearer token when one exists (default true). */
  auth?: boolean;
}

export interface ApiClient {
  /**
   * Calls a declared endpoint (decision 183): its method and path, the token only when its access
   * is `buyer`, an upload's parts as multipart, its answer read with its schema or as a file.
   */
  call<E extends Endpoint>(endpoint: E, input: CallInput<E>): Promise<CallResult<E>>;
  configure(config: Partial<ApiClientConfig>): void;
}

/** `Retry-After` in seconds; null when absent or not a number of seconds. */
function retryAfterOf(response: Response): number | null {
  const retryAfter = Number(response.headers.get('Retry-After') ?? Number.NaN);
  return Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null;
}

function defaultRetryDelay(response: Response): number {
  const retryAfter = retryAfterOf(response);
  return retryAfter === null ? 300 : Math.min(retryAfter * 1000, MAX_RETRY_AFTER_MS);
}

/** The address of `path` with its query written in the one format of the API's queries. */
function buildUrl(base: string, path: string, query: RequestOptions['query']): string {
  const url = `${trimEndOf(base, '/')}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const search = typeof query === 'string' ? query : encodeQuery(query);
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * The service worker answers the shared reference data (`/v1/common/…`) from its cache, also
 * offline, so such an answer says nothing about the connection.
 */
function mayComeFromCache(method: HttpMethod, path: string): boolean {
  return method === 'GET' && path.startsWith('/v1/common/');
}

/** The schema a JSON success is read with; none for a 204. */
function jsonSchemaOf(endpoint: Endpoint): z.ZodType | undefined {
  const { status, response } = endpoint;
  return status === 204 || isFileResponse(response) ? undefined : response;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createApiClient(initial: ApiClientConfig = {}): ApiClient {
  let config: ApiClientConfig = { ...initial };

  async function headersFor(options: Pick<RequestOptions, 'headers' | 'auth'>): Promise<Headers> {
    const headers = new Headers(options.headers);
    headers.set('Accept', 'application/json');
    const origin = config.getOriginHeader?.();
    if (origin) headers.set('X-Origin', origin);
    if (options.auth !== false) {
      const token = await config.getAccessToken?.();
      if (token) headers.set('Authorization', `Bearer ${token}`);
    }
    return headers;
  }

  async function send(
    path: string,
    options: RequestOptions<z.ZodType | undefined>,
  ): Promise<Response> {
    const method = options.method ?? 'GET';
    const headers = await headersFor(options);
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      // The browser sets the multipart boundary itself.
      body = options.body;
    } else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }
    const url = buildUrl(config.getBaseUrl?.() ?? '/api', path, options.query);
    const doFetch = config.fetch ?? globalThis.fetch.bind(globalThis);
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers,
        body,
        signal: options.signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      reportNoAnswer();
      throw new NetworkError(error);
    }
    if (!mayComeFromCache(method, path)) reportAnswer();
    return response;
  }

  /** Sends the request, and a read once more when its answer is worth a retry (spec §7). */
  async function exchange(
    path: string,
    options: RequestOptions<z.ZodType | undefined>,
  ): Promise<Response> {
    const method = options.method ?? 'GET';
    const response = await send(path, options);
    if (!response.ok && RETRY_METHODS.has(method) && RETRY_STATUSES.has(response.status)) {
      await sleep((config.retryDelay ?? defaultRetryDelay)(response));
      return send(path, options);
    }
    return response;
  }

  async function request<TSchema extends z.ZodType | undefined = undefined>(
    path: string,
    options: RequestOptions<TSchema> = {},
  ): Promise<Result<TSchema>> {
    const response = await exchange(path, options);
    return settle(path, response, await readBody(response), options.schema, options.auth);
  }

  /** A file answer's bytes and name; an error answer throws as any other. */
  async function receive(path: string, options: RequestOptions): Promise<ReceivedFile> {
    const response = await exchange(path, options);
    if (!response.ok) settle(path, response, await readBody(response), undefined, options.auth);
    const { dispositionFileName } = await import('./api-parts.ts');
    const fileName = dispositionFileName(response.headers.get('Content-Disposition'));
    return { blob: await response.blob(), fileName };
  }

  async function call<E extends Endpoint>(
    endpoint: E,
    input: CallInput<E>,
  ): Promise<CallResult<E>> {
    const { params, body, query, headers, signal, onProgress } = input as {
      params?: Record<string, string | number>;
      body?: unknown;
      query?: RequestOptions['query'];
      headers?: Record<string, string>;
      signal?: AbortSignal;
      onProgress?: UploadOptions['onProgress'];
    };
    const path = endpointPath(endpoint.path, params);
    const auth = endpoint.access === 'buyer';
    const { formOf } = isMultipartBody(endpoint.body) ? await import('./api-parts.ts') : {};
    if (formOf && onProgress) {
      const form = formOf(body as Record<string, unknown>);
      const options = { method: endpoint.method, signal, onProgress, auth };
      const schema = jsonSchemaOf(endpoint);
      return (await upload(path, form, { ...options, schema })) as CallResult<E>;
    }
    const sent = formOf ? formOf(body as Record<string, unknown>) : body;
    const options = { method: endpoint.method, body: sent, query, headers, signal, auth };
    if (isFileResponse(endpoint.response)) return (await receive(path, options)) as CallResult<E>;
    const schema = jsonSchemaOf(endpoint);
    return (await request(path, { ...options, schema })) as CallResult<E>;
  }

  function settle<TSchema extends z.ZodType | undefined>(
    path: string,
    response: Response,
    body: unknown,
    schema: TSchema | undefined,
    auth = true,
  ): Result<TSchema> {
    if (!response.ok) {
      const error = new ApiError(response.status, body, retryAfterOf(response));
      if (response.status === 401 && auth) config.onUnauthorized?.(error);
      throw error;
    }
    if (!schema) return body as Result<TSchema>;
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ResponseShapeError(path, parsed.error);
    return parsed.data as Result<TSchema>;
  }

  /** Sends a multipart body with XMLHttpRequest, the one browser API that reports upload progress. */
  async function upload<TSchema extends z.ZodType | undefined = undefined>(
    path: string,
    body: FormData,
    options: UploadOptions<TSchema> = {},
  ): Promise<Result<TSchema>> {
    const headers = await headersFor({ auth: options.auth });
    const url = buildUrl(config.getBaseUrl?.() ?? '/api', path, undefined);
    const response = await new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(options.method ?? 'POST', url);
      headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable)
          options.onProgress?.({ loaded: event.loaded, total: event.total });
      };
      xhr.onload = () => {
        reportAnswer();
        const isEmpty = xhr.status === 204 || xhr.status === 205;
        resolve(
          new Response(isEmpty ? null : xhr.responseText, {
            status: xhr.status,
            headers: { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? '' },
          }),
        );
      };
      xhr.onerror = () => {
        reportNoAnswer();
        reject(new NetworkError(new Error('The upload did not reach the server.')));
      };
      xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
      options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body);
    });
    return settle(path, response, await readBody(response), options.schema, options.auth);
  }

  return {
    call,
    configure(next) {
      config = { ...config, ...next };
    },
  };
}

/** The address of an API path for plain browser use (images, links), under the configured base. */
export function apiUrl(path: string): string {
  return buildUrl(getDeveloperSettings().apiBaseUrl, path, undefined);
}

/** The app's client: settings and token are read on every call so changes apply at once. */
export const apiClient: ApiClient = createApiClient({
  getBaseUrl: () => getDeveloperSettings().apiBaseUrl,
  getOriginHeader: () => getDeveloperSettings().customHeaderXOrigin,
  getAccessToken: () => sessionStore.read().accessToken,
});

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
