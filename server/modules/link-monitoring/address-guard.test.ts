import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PageServer } from '#tests/helpers/page-server.ts';
import { pages, startPageServer } from '#tests/helpers/page-server.ts';

import { checkAddress, ipLiteralOf, isPublicAddress } from './address-guard.ts';
import type { ConnectTarget } from './safe-fetch.ts';
import { FetchFailure, safeFetch } from './safe-fetch.ts';

/** The address a URL's host names, as the fetcher reads it. */
function hostAddress(host: string): string | null {
  return ipLiteralOf(new URL(`http://${host}/`).hostname);
}

describe('the address guard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['198.51.100.1', 'reserved'],
    ['203.0.113.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['ff0e::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:0:10.0.0.1', 'private'],
    ['64:ff9b::127.0.0.1', 'NAT64 of a loopback address'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of a link-local address'],
    ['64:ff9b:1::1', 'NAT64 local-use'],
    ['2002:7f00:1::1', '6to4 of a loopback address'],
    ['2002:c0a8:101::1', '6to4 of a private address'],
    ['::7f00:1', 'IPv4-compatible'],
    ['::808:808', 'IPv4-compatible'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'tunnel'],
    ['100::1', 'reserved'],
    ['3fff::1', 'reserved'],
    ['4000::1', 'reserved'],
    ['not-an-address', 'not an IP address'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(checkAddress(address)).toEqual({ isAllowed: false, reason });
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82a::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows the public address %s', (address) => {
    expect(checkAddress(address)).toEqual({ isAllowed: true });
  });

  it('allows loopback only when told to, and nothing else besides', () => {
    const rules = { allowLoopback: true };
    expect(checkAddress('127.0.0.1', rules).isAllowed).toBe(true);
    expect(checkAddress('::1', rules).isAllowed).toBe(true);
    expect(checkAddress('::ffff:127.0.0.1', rules).isAllowed).toBe(true);
    expect(checkAddress('10.0.0.1', rules).isAllowed).toBe(false);
    expect(checkAddress('169.254.169.254', rules).isAllowed).toBe(false);
    expect(checkAddress('64:ff9b::127.0.0.1', rules).isAllowed).toBe(false);
  });
});

/** Every way of writing a refused address in a URL's host, and the address it means. */
const SPELLINGS: [string, string][] = [
  ['2130706433', '127.0.0.1'],
  ['0x7f000001', '127.0.0.1'],
  ['0X7F000001', '127.0.0.1'],
  ['0177.0.0.1', '127.0.0.1'],
  ['0177.0.0.01', '127.0.0.1'],
  ['017700000001', '127.0.0.1'],
  ['127.1', '127.0.0.1'],
  ['127.0.1', '127.0.0.1'],
  ['0x7f.1', '127.0.0.1'],
  ['0x7f.0x0.0x0.0x1', '127.0.0.1'],
  ['127.0.0.1.', '127.0.0.1'],
  ['\uff11\uff12\uff17.0.0.1', '127.0.0.1'],
  ['127\u30020\u30020\u30021', '127.0.0.1'],
  ['[::1]', '::1'],
  ['[0:0:0:0:0:0:0:1]', '::1'],
  ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
  ['[::ffff:7f00:1]', '::ffff:7f00:1'],
  ['[::127.0.0.1]', '::7f00:1'],
  ['0', '0.0.0.0'],
  ['2852039166', '169.254.169.254'],
  ['0xa9fea9fe', '169.254.169.254'],
  ['0251.0376.0251.0376', '169.254.169.254'],
  ['[::ffff:169.254.169.254]', '::ffff:a9fe:a9fe'],
  ['[64:ff9b::169.254.169.254]', '64:ff9b::a9fe:a9fe'],
  ['167772161', '10.0.0.1'],
  ['012.0.0.1', '10.0.0.1'],
  ['0xa.0.0.1', '10.0.0.1'],
  ['[fd00::1]', 'fd00::1'],
  ['[fe80::1]', 'fe80::1'],
];

describe('hostname spellings of addresses', () => {
  it.each(SPELLINGS)('reads %s as %s and refuses it', (host, address) => {
    expect(hostAddress(host)).toBe(address);
    expect(checkAddress(hostAddress(host)!).isAllowed).toBe(false);
  });

  it('reads a name as a name', () => {
    expect(hostAddress('example.com')).toBeNull();
    expect(hostAddress('127.0.0.1.example.com')).toBeNull();
  });
});

describe('the fetcher refuses every spelling before connecting', () => {
  let server: PageServer;

  beforeAll(async () => {
    server = await startPageServer(pages({ '/': '<p>Internal</p>' }));
  });

  afterAll(() => server.close());

  // The loopback ones would reach the test server if they were let through.
  it.each(SPELLINGS)('http://%s:<port>/', async (host) => {
    const connects: ConnectTarget[] = [];
    const error = await safeFetch(`http://${host}:${server.port}/`, {
      userAgent: 'test',
      onConnect: (target) => connects.push(target),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FetchFailure);
    expect((error as FetchFailure).kind).toBe('refused_address');
    expect(connects).toEqual([]);
    expect(server.requests).toEqual([]);
  });

  it('refuses a name that resolves to loopback (localhost)', async () => {
    const connects: ConnectTarget[] = [];
    const error = await safeFetch(`http://localhost:${server.port}/`, {
      userAgent: 'test',
      onConnect: (target) => connects.push(target),
    }).catch((caught: unknown) => caught);
    expect((error as FetchFailure).kind).toBe('refused_address');
    expect((error as FetchFailure).message).toMatch(
      /^Refused address (127\.0\.0\.1|::1) \(loopback\) for localhost$/,
    );
    expect(connects).toEqual([]);
    expect(server.requests).toEqual([]);
  });
});
