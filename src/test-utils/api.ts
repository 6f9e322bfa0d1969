/** A fetch double for client tests: answers by request, records every call. */
import { vi } from 'vitest';

export function jsonResponse(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export interface Call {
  method: string;
  url: URL;
  /** A JSON body parsed, a multipart body as sent, otherwise undefined. */
  body: unknown;
  headers: Headers;
  /** Whether the caller gave up on the request (a query cancelled as its last observer left). */
  readonly isAborted: boolean;
}

export function mockApi(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const body =
      typeof init?.body === 'string'
        ? (JSON.parse(init.body) as unknown)
        : init?.body instanceof FormData
          ? init.body
          : undefined;
    const call: Call = {
      method: init?.method ?? 'GET',
      url: new URL(String(input), 'http://localhost'),
      body,
      headers: new Headers(init?.headers),
      get isAborted() {
        return init?.signal?.aborted ?? false;
      },
    };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Makes the browser report itself on- or offline until the mocks are restored. */
export function setOnline(isOnline: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(isOnline);
}
