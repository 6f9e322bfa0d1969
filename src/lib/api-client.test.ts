import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import {
  endpoint,
  type EndpointMethod,
  endpointPath,
  fileResponse,
  multipart,
} from '#contract/endpoint.ts';

import { jsonResponse } from '../test-utils/api.ts';
import { mockUploads } from '../test-utils/xhr.ts';
import {
  ApiError,
  createApiClient,
  NetworkError,
  ResponseShapeError,
  RETRY_STATUSES,
} from './api-client.ts';
import {
  API_BASE_URL_KEY,
  CUSTOM_HEADER_X_ORIGIN_KEY,
  getDeveloperSettings,
} from './developer-settings.ts';

function clientWith(
  responses: Array<() => Response>,
  extra: Parameters<typeof createApiClient>[0] = {},
) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    return next();
  });
  const client = createApiClient({
    fetch: fetchMock as unknown as typeof fetch,
    getBaseUrl: () => '/api',
    retryDelay: () => 0,
    ...extra,
  });
  return { client, fetchMock };
}

const errorBody = (code: number) => ({ code, message: `failed with ${code}` });
const ALL_METHODS: EndpointMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const TESTED_STATUSES = [400, 401, 403, 404, 408, 409, 422, 425, 429, 500, 501, 502, 503, 504];

/** What the endpoints of these tests share: a buyer's call, its answer read as it comes. */
const declared = {
  access: 'buyer',
  tags: ['Things'],
  summary: 'A thing',
  status: 200,
  response: z.unknown(),
  errors: [],
} as const;
const readThing = endpoint({ ...declared, method: 'GET', path: '/v1/thing' });
const profiles = endpoint({ ...declared, method: 'GET', path: '/v1/buyer/profiles' });
const posted = (path: `/${string}`) =>
  endpoint({ ...declared, method: 'POST', path, body: z.object({}) });

describe('api client retry policy', () => {
  const cases = ALL_METHODS.flatMap((method) =>
    TESTED_STATUSES.map((status) => ({ method, status })),
  );

  it.each(cases)('$method answered $status', async ({ method, status }) => {
    const retried = method === 'GET' && RETRY_STATUSES.has(status);
    const { client, fetchMock } = clientWith([
      () => jsonResponse(errorBody(status), status),
      () => jsonResponse({ ok: true }, 200),
    ]);
    const call = client.call(endpoint({ ...declared, method, path: '/v1/thing' }), {});
    if (retried) {
      await expect(call).resolves.toEqual({ ok: true });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } else {
      await expect(call).rejects.toBeInstanceOf(ApiError);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });

  it('retries a read only once, then reports the second failure', async () => {
    const { client, fetchMock } = clientWith([
      () => jsonResponse(errorBody(503), 503),
      () => jsonResponse(errorBody(503), 503),
      () => jsonResponse({ ok: true }),
    ]);
    await expect(client.call(readThing, {})).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('retries exactly the statuses of the spec', () => {
    expect([...RETRY_STATUSES].sort()).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });
});

describe('api client errors', () => {
  it('uses the first violation message as the error text', async () => {
    const { client } = clientWith([
      () =>
        jsonResponse(
          {
            code: 422,
            message: 'Validation failed',
            violations: [
              { path: 'items[0].target_url', message: 'Newlines are not allowed' },
              { path: 'items[1].anchor_text', message: 'This value should not be blank.' },
            ],
          },
          422,
        ),
    ]);
    const error = await client.call(posted('/v1/thing'), { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Newlines are not allowed');
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).violations).toHaveLength(2);
  });

  it('falls back to message, then title, then a generic text', async () => {
    const { client } = clientWith([
      () => jsonResponse({ code: 409, message: 'Already exists' }, 409),
      () => jsonResponse({ title: 'Bad gateway' }, 502),
      () => new Response('', { status: 500 }),
    ]);
    const put = endpoint({ ...declared, method: 'PUT', path: '/b' });
    const removal = endpoint({ ...declared, method: 'DELETE', path: '/c' });
    await expect(client.call(posted('/a'), { body: {} })).rejects.toThrow('Already exists');
    await expect(client.call(put, {})).rejects.toThrow('Bad gateway');
    await expect(client.call(removal, {})).rejects.toThrow('An error occurred');
  });

  it('turns a failed connection into a NetworkError', async () => {
    const client = createApiClient({
      fetch: vi.fn().mockRejectedValue(new TypeError('Failed to fetch')) as unknown as typeof fetch,
    });
    await expect(client.call(readThing, {})).rejects.toBeInstanceOf(NetworkError);
  });

  it('answers undefined for 204 and parses JSON otherwise', async () => {
    const { client } = clientWith([
      () => new Response(null, { status: 204 }),
      () => jsonResponse({ a: 1 }),
    ]);
    const noContent = endpoint({
      ...declared,
      method: 'POST',
      path: '/x',
      status: 204,
      response: z.null(),
    });
    const json = endpoint({
      ...declared,
      method: 'GET',
      path: '/y',
      response: z.object({ a: z.number() }),
    });
    await expect(client.call(noContent, {})).resolves.toBeUndefined();
    await expect(client.call(json, {})).resolves.toEqual({ a: 1 });
  });
});

describe('api client headers and bodies', () => {
  it('sends the Bearer token and the X-Origin header when they exist', async () => {
    const { client, fetchMock } = clientWith([() => jsonResponse({})], {
      getAccessToken: () => 'the-token',
      getOriginHeader: () => 'partner.example',
    });
    await client.call(profiles, {});
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Headers;
    expect(headers.get('Authorization')).toBe('Bearer the-token');
    expect(headers.get('X-Origin')).toBe('partner.example');
  });

  it('sends neither header when there is no token and no setting', async () => {
    const { client, fetchMock } = clientWith([() => jsonResponse({})], {
      getAccessToken: () => null,
      getOriginHeader: () => '',
    });
    await client.call(profiles, {});
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Headers;
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has('X-Origin')).toBe(false);
  });

  it('leaves out the token for a public endpoint', async () => {
    const { client, fetchMock } = clientWith([() => jsonResponse({})], {
      getAccessToken: () => 'the-token',
    });
    const refresh = endpoint({ ...posted('/token/refresh'), access: 'public' });
    await client.call(refresh, { body: {} });
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Headers;
    expect(headers.has('Authorization')).toBe(false);
  });

  it('joins the base URL, path and query', async () => {
    const { client, fetchMock } = clientWith([() => jsonResponse({})], {
      getBaseUrl: () => 'https://api.example/api/',
    });
    const domains = endpoint({
      ...declared,
      method: 'GET',
      path: '/v1/buyer/domains',
      query: z.object({ limit: z.number(), page: z.number(), empty: z.string() }),
    });
    await client.call(domains, { query: { limit: 10, page: 2, empty: '' } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      'https://api.example/api/v1/buyer/domains?limit=10&page=2',
    );
  });

  it('sends JSON bodies with a content type and FormData as multipart', async () => {
    const { client, fetchMock } = clientWith([() => jsonResponse({}), () => jsonResponse({})]);
    const json = endpoint({
      ...declared,
      method: 'POST',
      path: '/json',
      body: z.object({ a: z.number() }),
    });
    const upload = endpoint({
      ...declared,
      method: 'PUT',
      path: '/upload',
      body: multipart(z.object({ file: z.file() })),
    });
    await client.call(json, { body: { a: 1 } });
    const file = new File(['x'], 'x.csv');
    await client.call(upload, { body: { file } });
    const jsonInit = fetchMock.mock.calls[0]?.[1];
    expect((jsonInit?.headers as Headers).get('Content-Type')).toBe('application/json');
    expect(jsonInit?.body).toBe('{"a":1}');
    const formInit = fetchMock.mock.calls[1]?.[1];
    expect((formInit?.body as FormData).get('file')).toBe(file);
    // The browser adds the multipart boundary; a preset content type would break it.
    expect((formInit?.headers as Headers).has('Content-Type')).toBe(false);
  });

  it('reads base URL and X-Origin from the developer settings in localStorage', () => {
    localStorage.setItem(API_BASE_URL_KEY, 'https://staging.example/api');
    localStorage.setItem(CUSTOM_HEADER_X_ORIGIN_KEY, 'staging');
    expect(getDeveloperSettings()).toEqual({
      apiBaseUrl: 'https://staging.example/api',
      customHeaderXOrigin: 'staging',
    });
    localStorage.clear();
    expect(getDeveloperSettings()).toEqual({ apiBaseUrl: '/api', customHeaderXOrigin: '' });
  });
});

describe('api client 401 handling', () => {
  it('reports a 401 from any call but login as the end of the session', async () => {
    const onUnauthorized = vi.fn();
    const { client } = clientWith(
      [
        () => jsonResponse(errorBody(401), 401),
        () => jsonResponse({ code: 401, message: 'Invalid credentials.' }, 401),
      ],
      { onUnauthorized },
    );
    await expect(client.call(profiles, {})).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    // Signing in sends no token: its 401 means wrong credentials, not the end of a session.
    const login = endpoint({ ...posted('/login_check'), access: 'public' });
    await expect(client.call(login, { body: {} })).rejects.toThrow('Invalid credentials.');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('api client uploads', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** An upload: with its progress asked for, it is sent with XMLHttpRequest. */
  const uploadTo = (method: EndpointMethod, path: `/${string}`) =>
    endpoint({
      ...declared,
      method,
      path,
      status: 202,
      body: multipart(z.object({ file: z.file().optional() })),
    });

  it('sends the multipart body with the same headers as other requests and reports progress', async () => {
    const uploads = mockUploads((call) => {
      call.progress(5, 10);
      call.progress(10, 10);
      return { status: 202, body: { id: 'x' } };
    });
    const client = createApiClient({
      getBaseUrl: () => '/base/',
      getOriginHeader: () => 'buyer.example',
      getAccessToken: () => 'token-1',
    });
    const progress: number[] = [];
    const answer = await client.call(uploadTo('PUT', '/v1/things/1/file'), {
      body: { file: new File(['a.com'], 'list.csv') },
      onProgress: ({ loaded, total }) => progress.push(loaded / total),
    });
    expect(answer).toEqual({ id: 'x' });
    expect(progress).toEqual([0.5, 1]);
    const [call] = uploads.calls;
    expect(call?.method).toBe('PUT');
    expect(call?.url.pathname).toBe('/base/v1/things/1/file');
    expect(call?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(call?.headers.get('X-Origin')).toBe('buyer.example');
    expect(call?.body.get('file')).toBeInstanceOf(File);
  });

  it('turns an error answer into an ApiError and a lost connection into a NetworkError', async () => {
    const onUnauthorized = vi.fn();
    const client = createApiClient({ onUnauthorized });
    const send = () => client.call(uploadTo('POST', '/v1/x'), { body: {}, onProgress: () => {} });
    mockUploads(() => ({ status: 413, body: { code: 413, message: 'The file is too large.' } }));
    const error = await send().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('The file is too large.');

    mockUploads(() => ({ status: 401, body: { code: 401, message: 'Expired' } }));
    await expect(send()).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);

    mockUploads(() => Promise.reject(new Error('offline')));
    await expect(send()).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('calling a declared endpoint', () => {
  const thing = endpoint({
    method: 'PUT',
    path: '/v1/buyer/things/{id}/parts/{part}',
    access: 'buyer',
    tags: ['Things'],
    summary: 'Replaces a part',
    params: z.object({ id: z.uuid(), part: z.string() }),
    body: z.object({ name: z.string() }),
    status: 200,
    response: z.object({ name: z.string(), size: z.coerce.number() }),
    errors: [400],
  });
  const removal = endpoint({
    method: 'DELETE',
    path: '/v1/buyer/things/{id}',
    access: 'buyer',
    tags: ['Things'],
    summary: 'Deletes a thing',
    params: z.object({ id: z.uuid() }),
    status: 204,
    response: z.null(),
    errors: [404],
  });
  const id = '5b3c1a52-8a8e-4c8a-9a51-8d1f3c2b7e10';

  it('sends its method to its path with each parameter encoded, and reads the answer with its schema', async () => {
    const { client, fetchMock } = clientWith([() => jsonResponse({ name: 'a', size: '3' }, 200)]);
    const answer = await client.call(thing, {
      params: { id, part: 'a/b c' },
      body: { name: 'a' },
    });
    expect(answer).toEqual({ name: 'a', size: 3 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/v1/buyer/things/${id}/parts/a%2Fb%20c`);
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"name":"a"}');
  });

  it('refuses an answer that is not what the endpoint declares', async () => {
    const { client } = clientWith([() => jsonResponse({ title: 'a' }, 200)]);
    await expect(
      client.call(thing, { params: { id, part: 'p' }, body: { name: 'a' } }),
    ).rejects.toBeInstanceOf(ResponseShapeError);
  });

  it('answers nothing for a 204 endpoint', async () => {
    const { client, fetchMock } = clientWith([() => new Response(null, { status: 204 })]);
    await expect(client.call(removal, { params: { id } })).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('DELETE');
  });

  it('sends the Bearer token to a buyer endpoint and none to a public one', async () => {
    const confirmation = endpoint({
      method: 'POST',
      path: '/v1/public/things/{token}',
      access: 'public',
      tags: ['Things'],
      summary: 'Confirms a thing',
      params: z.object({ token: z.string() }),
      status: 200,
      response: z.object({ ok: z.boolean() }),
      errors: [404],
    });
    const { client, fetchMock } = clientWith(
      [() => jsonResponse({ ok: true }, 200), () => new Response(null, { status: 204 })],
      { getAccessToken: () => 'the-token' },
    );
    await client.call(confirmation, { params: { token: 't' } });
    await client.call(removal, { params: { id } });
    const sent = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers));
    expect(sent[0]!.get('Authorization')).toBeNull();
    expect(sent[1]!.get('Authorization')).toBe('Bearer the-token');
  });

  const upload = endpoint({
    method: 'PUT',
    path: '/v1/buyer/things/{id}/file',
    access: 'buyer',
    tags: ['Things'],
    summary: 'Uploads a list',
    params: z.object({ id: z.uuid() }),
    body: multipart(z.object({ file: z.file(), note: z.string().optional() })),
    status: 202,
    response: z.object({ id: z.string() }),
    errors: [413],
  });
  const download = endpoint({
    method: 'GET',
    path: '/v1/buyer/things/{id}/file',
    access: 'buyer',
    tags: ['Things'],
    summary: 'Downloads a list',
    params: z.object({ id: z.uuid() }),
    status: 200,
    response: fileResponse(['text/csv'], 'The list'),
    errors: [404],
  });
  const signIn = endpoint({
    method: 'POST',
    path: '/sign-in',
    access: 'public',
    tags: ['Things'],
    summary: 'Signs in',
    body: z.object({ name: z.string() }),
    status: 200,
    response: z.object({ token: z.string() }),
    errors: [401],
  });

  it('sends an upload as multipart, with its progress when asked for', async () => {
    const { client, fetchMock } = clientWith([() => jsonResponse({ id: 'f' }, 202)], {
      getAccessToken: () => 'token-1',
    });
    const file = new File(['a.com'], 'list.csv');
    await expect(
      client.call(upload, { params: { id }, body: { file, note: 'mine' } }),
    ).resolves.toEqual({ id: 'f' });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('PUT');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((init.body as FormData).get('file') as File).name).toBe('list.csv');
    expect((init.body as FormData).get('note')).toBe('mine');
    expect((init.headers as Headers).has('Content-Type')).toBe(false);

    const uploads = mockUploads((sent) => {
      sent.progress(1, 2);
      return { status: 202, body: { id: 'g' } };
    });
    const progress: number[] = [];
    const answer = await client.call(upload, {
      params: { id },
      body: { file },
      onProgress: ({ loaded, total }) => progress.push(loaded / total),
    });
    vi.unstubAllGlobals();
    expect(answer).toEqual({ id: 'g' });
    expect(progress).toEqual([0.5]);
    expect(uploads.calls[0]?.method).toBe('PUT');
    expect(uploads.calls[0]?.url.pathname).toBe(`/api/v1/buyer/things/${id}/file`);
    expect(uploads.calls[0]?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(uploads.calls[0]?.body.get('file')).toBe(file);
    expect(uploads.calls[0]?.body.has('note')).toBe(false);
  });

  it('receives a file answer as its bytes and the name the server gave', async () => {
    const { client } = clientWith([
      () =>
        new Response('hostname\n', {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': `attachment; filename="_.csv"; filename*=UTF-8''%C3%BC.csv`,
          },
        }),
      () => jsonResponse({ code: 404, message: 'Not found.' }, 404),
    ]);
    const file = await client.call(download, { params: { id } });
    expect(file.fileName).toBe('ü.csv');
    expect(file.blob.type).toBe('text/csv');
    expect(await file.blob.text()).toBe('hostname\n');
    await expect(client.call(download, { params: { id } })).rejects.toThrow('Not found.');
  });

  it('sends no token to a public endpoint, whose 401 does not end the session', async () => {
    const onUnauthorized = vi.fn();
    const { client, fetchMock } = clientWith(
      [() => jsonResponse({ code: 401, message: 'Invalid credentials.' }, 401)],
      { getAccessToken: () => 'token-1', onUnauthorized },
    );
    await expect(client.call(signIn, { body: { name: 'a' } })).rejects.toThrow(
      'Invalid credentials.',
    );
    expect((fetchMock.mock.calls[0]![1]?.headers as Headers).has('Authorization')).toBe(false);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('throws when a path parameter is missing rather than calling a wrong address', () => {
    expect(() => endpointPath('/v1/things/{id}', {})).toThrow('{id}');
  });
});
