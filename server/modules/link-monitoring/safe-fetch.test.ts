import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

import { afterEach, describe, expect, it } from 'vitest';

import type { PageHandler, PageServer } from '#tests/helpers/page-server.ts';
import { pages, startPageServer } from '#tests/helpers/page-server.ts';
import {
  SELF_SIGNED_CERTIFICATE,
  SELF_SIGNED_KEY,
} from '#tests/helpers/self-signed-certificate.ts';

import type { ConnectTarget, SafeFetchOptions } from './safe-fetch.ts';
import { charsetOfContentType, decodeBody, FetchFailure, safeFetch } from './safe-fetch.ts';

const servers: PageServer[] = [];

async function serve(handler: PageHandler): Promise<PageServer> {
  const server = await startPageServer(handler);
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function failure(url: string, options: SafeFetchOptions): Promise<FetchFailure> {
  const error = await safeFetch(url, options).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(FetchFailure);
  return error as FetchFailure;
}

function redirectTo(location: string): PageHandler {
  return (_request, response) => {
    response.writeHead(302, { Location: location });
    response.end();
  };
}

describe('a redirect into a refused address', () => {
  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/admin',
    'http://[::ffff:10.0.0.1]/',
    'http://0xa9fea9fe/',
    'http://[fd00::1]/',
    'https://192.168.0.1/',
  ])('from a routed publisher to %s is refused without connecting', async (location) => {
    const server = await serve(pages({ '/article': redirectTo(location) }));
    const connects: ConnectTarget[] = [];
    const error = await failure('http://publisher.test/article', {
      userAgent: 'test',
      allowLoopback: false,
      route: (hostname) =>
        hostname === 'publisher.test' ? { address: '127.0.0.1', port: server.port } : null,
      onConnect: (target) => connects.push(target),
    });
    expect(error.kind).toBe('refused_address');
    expect(error.message).toMatch(/^Refused address /);
    // The only connection made was the routed one, to the publisher.
    expect(connects).toEqual([
      { hostname: 'publisher.test', address: '127.0.0.1', port: server.port, isRouted: true },
    ]);
    expect(server.requests.map((request) => request.path)).toEqual(['/article']);
  });

  it('to loopback is refused when loopback is not allowed, even from a routed host', async () => {
    const internal = await serve(pages({ '/': '<p>Internal</p>' }));
    const server = await serve(pages({ '/article': redirectTo(internal.url('/')) }));
    const error = await failure('http://publisher.test/article', {
      userAgent: 'test',
      route: (hostname) =>
        hostname === 'publisher.test' ? { address: '127.0.0.1', port: server.port } : null,
    });
    expect(error.message).toBe('Refused address 127.0.0.1 (loopback)');
    expect(internal.requests).toEqual([]);
  });

  it('to a name resolving to a private address is refused after the lookup', async () => {
    const server = await serve(pages({ '/article': redirectTo('http://intranet.test/') }));
    const connects: ConnectTarget[] = [];
    const error = await failure('http://publisher.test/article', {
      userAgent: 'test',
      route: (hostname) =>
        hostname === 'publisher.test' ? { address: '127.0.0.1', port: server.port } : null,
      resolve: (hostname) =>
        Promise.resolve(hostname === 'intranet.test' ? [{ address: '10.1.2.3', family: 4 }] : []),
      onConnect: (target) => connects.push(target),
    });
    expect(error.message).toBe('Refused address 10.1.2.3 (private) for intranet.test');
    expect(connects.map((target) => target.hostname)).toEqual(['publisher.test']);
  });
});

describe('names', () => {
  it('connects to exactly the address the lookup checked', async () => {
    const server = await serve(pages({ '/article': '<p>Hello</p>' }));
    const connects: ConnectTarget[] = [];
    let lookups = 0;
    const response = await safeFetch(`http://publisher.test:${server.port}/article`, {
      userAgent: 'test',
      allowLoopback: true,
      resolve: () => {
        lookups += 1;
        return Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
      },
      onConnect: (target) => connects.push(target),
    });
    expect(response.status).toBe(200);
    expect(response.body).toBe('<p>Hello</p>');
    expect(lookups).toBe(1);
    expect(connects).toEqual([
      { hostname: 'publisher.test', address: '127.0.0.1', port: server.port, isRouted: false },
    ]);
    expect(server.requests[0]!.headers.host).toBe(`publisher.test:${server.port}`);
  });

  it('refuses a name with any address that is not public', async () => {
    const error = await failure('http://mixed.test/', {
      userAgent: 'test',
      resolve: () =>
        Promise.resolve([
          { address: '93.184.216.34', family: 4 },
          { address: '169.254.169.254', family: 4 },
        ]),
    });
    expect(error.message).toBe('Refused address 169.254.169.254 (link-local) for mixed.test');
  });

  it('says a name that does not resolve was not found', async () => {
    const error = await failure('http://nowhere.test/', {
      userAgent: 'test',
      resolve: () => Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' })),
    });
    expect(error).toMatchObject({ kind: 'dns', message: 'Host not found' });
  });
});

describe('https', () => {
  it('checks the certificate against the name (through our lookup) and refuses a self-signed one', async () => {
    let requests = 0;
    const server = https.createServer(
      { key: SELF_SIGNED_KEY, cert: SELF_SIGNED_CERTIFICATE },
      (_request, response) => {
        requests += 1;
        response.end('<p>Secret</p>');
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const connects: ConnectTarget[] = [];
      const error = await failure(`https://publisher.test:${port}/`, {
        userAgent: 'test',
        allowLoopback: true,
        resolve: () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]),
        onConnect: (target) => connects.push(target),
      });
      expect(error).toMatchObject({ kind: 'tls' });
      expect(error.message).toMatch(/^TLS error \(/);
      expect(connects.map((target) => target.address)).toEqual(['127.0.0.1']);
      expect(requests).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('URLs', () => {
  it.each([
    ['file:///etc/passwd', 'scheme'],
    ['ftp://publisher.example/', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['data:text/html,<a>', 'scheme'],
    ['gopher://publisher.example/', 'scheme'],
    ['http://user:secret@publisher.example/', 'credentials'],
    ['not a url', 'invalid_url'],
  ])('refuses %s', async (url, kind) => {
    const error = await failure(url, { userAgent: 'test' });
    expect(error.kind).toBe(kind);
  });

  it('refuses a redirect to another scheme', async () => {
    const server = await serve(pages({ '/article': redirectTo('file:///etc/passwd') }));
    const error = await failure(server.url('/article'), { userAgent: 'test', allowLoopback: true });
    expect(error.kind).toBe('scheme');
  });

  it('routes a name to the demo server over plain http, keeping its Host', async () => {
    const server = await serve(pages({ '/post': '<p>Demo</p>' }));
    const response = await safeFetch('https://demo-publisher.example/post?x=1#top', {
      userAgent: 'test',
      route: () => ({ address: '127.0.0.1', port: server.port }),
    });
    expect(response.status).toBe(200);
    expect(response.url).toBe('https://demo-publisher.example/post?x=1#top');
    expect(server.requests[0]).toMatchObject({ path: '/post?x=1' });
    expect(server.requests[0]!.headers.host).toBe('demo-publisher.example');
  });
});

describe('limits', () => {
  it('one deadline covers every redirect', async () => {
    const server = await serve((request, response) => {
      const step = Number((request.url ?? '/0').slice(1));
      setTimeout(() => {
        response.writeHead(302, { Location: `/${step + 1}` });
        response.end();
      }, 120);
    });
    const started = Date.now();
    const error = await failure(server.url('/0'), {
      userAgent: 'test',
      allowLoopback: true,
      timeoutMs: 400,
    });
    expect(error).toMatchObject({ kind: 'timeout', message: 'Timed out after 0.4 s' });
    expect(server.requests.length).toBeLessThan(5);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('cuts a compressed body at the cap of decompressed bytes', async () => {
    const bomb = gzipSync(Buffer.alloc(50 * 1024 * 1024, 'a'));
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' });
      response.end(bomb);
    });
    const response = await safeFetch(server.url('/'), {
      userAgent: 'test',
      allowLoopback: true,
      maxBytes: 1024 * 1024,
    });
    expect(response.bytesRead).toBe(1024 * 1024);
    expect(response.isTruncated).toBe(true);
    expect(response.body).toHaveLength(1024 * 1024);
  });

  it('keeps a body of exactly the cap whole', async () => {
    const server = await serve(pages({ '/': 'x'.repeat(1000) }));
    const response = await safeFetch(server.url('/'), {
      userAgent: 'test',
      allowLoopback: true,
      maxBytes: 1000,
    });
    expect(response.bytesRead).toBe(1000);
    expect(response.isTruncated).toBe(false);
  });

  it('keeps what came of a body the server cut short', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': 1000 });
      response.write('<p>Half');
      setTimeout(() => response.destroy(), 20);
    });
    const response = await safeFetch(server.url('/'), { userAgent: 'test', allowLoopback: true });
    expect(response.body).toBe('<p>Half');
  });
});

describe('decoding the body', () => {
  it.each([
    ['text/html; charset=ISO-8859-1', 'iso-8859-1'],
    ['text/html;charset="windows-1251"', 'windows-1251'],
    ['text/html', null],
    [undefined, null],
  ])('reads the charset of %s', (contentType, charset) => {
    const found = charsetOfContentType(contentType);
    expect(found?.toLowerCase() ?? null).toBe(charset);
  });

  it('decodes by the header, a <meta http-equiv>, a byte-order mark, else UTF-8', () => {
    const latin1 = Buffer.from('<p>caf\xe9</p>', 'latin1');
    expect(decodeBody(latin1, 'text/html; charset=iso-8859-1').text).toBe('<p>café</p>');
    const equiv = Buffer.concat([
      Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">'),
      latin1,
    ]);
    expect(decodeBody(equiv, 'text/html').text).toContain('café');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<p>café</p>')]);
    expect(decodeBody(bom, 'text/html; charset=iso-8859-1').text).toBe('<p>café</p>');
    expect(decodeBody(Buffer.from('<p>café</p>'), undefined)).toEqual({
      text: '<p>café</p>',
      charset: 'utf-8',
    });
  });

  it('falls back to UTF-8 for an unknown charset name', () => {
    expect(decodeBody(Buffer.from('<p>café</p>'), 'text/html; charset=klingon').charset).toBe(
      'utf-8',
    );
  });
});
