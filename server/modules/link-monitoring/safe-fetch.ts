// Fetching a page someone else named, without letting them point the server at itself
// (decision 142). Every hop of a fetch:
// - is http: or https: without credentials in its URL;
// - connects only to an address the address guard allows: a literal address is checked before
//   the request, a name is resolved by our own `lookup`, which checks every address it found and
//   hands the connection exactly the address it checked (no second resolution, so no DNS
//   rebinding gap); the socket's remote address is checked again once connected;
// - is redirected by hand (at most `maxRedirects`), each new URL checked like the first.
// One deadline covers every hop and the body. At most `maxBytes` of the decompressed body are
// kept; the rest is never read.
import type { LookupAddress } from 'node:dns';
import dns from 'node:dns';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { TextDecoder } from 'node:util';
import zlib from 'node:zlib';

import { Parser } from 'htmlparser2';

import type { AddressRules } from './address-guard.ts';
import { checkAddress, ipLiteralOf } from './address-guard.ts';

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_REDIRECTS = 5;
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;

export type FetchFailureKind =
  | 'invalid_url'
  | 'scheme'
  | 'credentials'
  | 'refused_address'
  | 'dns'
  | 'connection'
  | 'tls'
  | 'timeout'
  | 'too_many_redirects'
  | 'protocol';

/** Why a fetch got no answer, with a short reason in words. */
export class FetchFailure extends Error {
  readonly kind: FetchFailureKind;
  constructor(kind: FetchFailureKind, message: string) {
    super(message);
    this.name = 'FetchFailure';
    this.kind = kind;
  }
}

export interface RoutedAddress {
  address: string;
  port: number;
}

export interface ConnectTarget {
  hostname: string;
  address: string;
  port: number;
  isRouted: boolean;
}

export interface SafeFetchOptions extends AddressRules {
  userAgent: string;
  /** One deadline for every hop, headers and body. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** The most of the (decompressed) body that is read; the rest is left unread. */
  maxBytes?: number;
  /**
   * Demo and tests: connect to this address and port over plain http for the hostname, keeping
   * its Host header. A routed address is our own configuration, so it is not checked.
   */
  route?: (hostname: string) => RoutedAddress | null;
  /** Name resolution; `dns.lookup` unless given (tests answer names themselves). */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
  /** Told just before a connection is opened, after every check passed. */
  onConnect?: (target: ConnectTarget) => void;
  accept?: string;
}

export interface SafeFetchResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The URL the answer came from, after redirects. */
  url: string;
  /** The URLs that redirected, in order. */
  redirects: string[];
  /** The body as text, decoded by its charset. */
  body: string;
  charset: string;
  /** Decompressed bytes read (at most `maxBytes`). */
  bytesRead: number;
  /** The body went on past `maxBytes` and was cut there. */
  isTruncated: boolean;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5';

function seconds(ms: number): string {
  const value = ms / 1000;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} s`;
}

/** Checks a URL before any hop: only http(s), no credentials. */
export function checkedUrl(input: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    throw new FetchFailure('invalid_url', 'Not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchFailure('scheme', `Only http and https are fetched, not ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new FetchFailure('credentials', 'A URL with credentials is not fetched');
  }
  return url;
}

function defaultResolve(hostname: string): Promise<LookupAddress[]> {
  return dns.promises.lookup(hostname, { all: true, verbatim: true });
}

/** A failure of the network or of Node's HTTP client, in words. */
function failureOf(error: unknown, timeoutMs: number, isTimedOut: boolean): FetchFailure {
  if (error instanceof FetchFailure) return error;
  if (isTimedOut) return new FetchFailure('timeout', `Timed out after ${seconds(timeoutMs)}`);
  const code = (error as { code?: unknown } | null)?.code;
  const text = typeof code === 'string' ? code : '';
  if (text === 'ENOTFOUND' || text === 'EAI_AGAIN' || text === 'EAI_NODATA') {
    return new FetchFailure('dns', 'Host not found');
  }
  if (text === 'ECONNREFUSED') return new FetchFailure('connection', 'Connection refused');
  if (text === 'ECONNRESET' || text === 'EPIPE') {
    return new FetchFailure('connection', 'Connection reset');
  }
  if (text === 'EHOSTUNREACH' || text === 'ENETUNREACH') {
    return new FetchFailure('connection', 'Host unreachable');
  }
  if (text === 'ETIMEDOUT') return new FetchFailure('timeout', 'Connection timed out');
  if (text.startsWith('HPE_')) return new FetchFailure('protocol', 'Not a valid HTTP answer');
  if (text.startsWith('ERR_TLS') || text.startsWith('ERR_SSL') || text.includes('CERT')) {
    return new FetchFailure('tls', `TLS error (${text})`);
  }
  return new FetchFailure('connection', text ? `Connection failed (${text})` : 'Connection failed');
}

type LookupCallback = (error: unknown, address?: string | LookupAddress[], family?: number) => void;

interface Hop {
  url: URL;
  signal: AbortSignal;
  options: SafeFetchOptions;
}

/** One request; resolves with the answer's head, its body still unread. */
function requestOnce({ url, signal, options }: Hop): Promise<IncomingMessage> {
  const rules: AddressRules = { allowLoopback: options.allowLoopback ?? false };
  const routed = options.route?.(url.hostname) ?? null;
  const isHttps = url.protocol === 'https:' && !routed;
  const port = routed ? routed.port : Number(url.port || (isHttps ? 443 : 80));
  const literal = routed ? null : ipLiteralOf(url.hostname);
  if (literal !== null) {
    const verdict = checkAddress(literal, rules);
    if (!verdict.isAllowed) {
      throw new FetchFailure('refused_address', `Refused address ${literal} (${verdict.reason})`);
    }
  }
  const resolve = options.resolve ?? defaultResolve;

  const lookup = ((
    hostname: string,
    lookupOptions: dns.LookupOptions,
    callback: LookupCallback,
  ) => {
    resolve(hostname).then(
      (found) => {
        if (found.length === 0) {
          callback(new FetchFailure('dns', 'Host not found'));
          return;
        }
        // A name with any address that is not public is refused as a whole.
        for (const entry of found) {
          const verdict = checkAddress(entry.address, rules);
          if (!verdict.isAllowed) {
            callback(
              new FetchFailure(
                'refused_address',
                `Refused address ${entry.address} (${verdict.reason}) for ${hostname}`,
              ),
            );
            return;
          }
        }
        const family = lookupOptions.family;
        const wanted =
          family === 4 || family === 6 ? found.filter((a) => a.family === family) : found;
        const usable = wanted.length > 0 ? wanted : found;
        const first = usable[0]!;
        options.onConnect?.({ hostname, address: first.address, port, isRouted: false });
        if (lookupOptions.all) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error),
    );
  }) as unknown as LookupFunction;

  const host = routed ? routed.address : (literal ?? url.hostname);
  if (routed || literal !== null) {
    options.onConnect?.({ hostname: url.hostname, address: host, port, isRouted: !!routed });
  }

  return new Promise<IncomingMessage>((resolvePromise, reject) => {
    const request = (isHttps ? https : http).request({
      host,
      port,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: {
        Host: url.host,
        'User-Agent': options.userAgent,
        Accept: options.accept ?? DEFAULT_ACCEPT,
        'Accept-Encoding': 'gzip, deflate, br',
        Connection: 'close',
      },
      agent: false,
      signal,
      ...(routed || literal !== null ? {} : { lookup }),
      ...(isHttps && literal === null ? { servername: url.hostname } : {}),
    });
    request.on('socket', (socket) => {
      socket.once('connect', () => {
        if (routed) return;
        const remote = socket.remoteAddress;
        const verdict = remote ? checkAddress(remote, rules) : null;
        if (!verdict?.isAllowed) {
          request.destroy(
            new FetchFailure(
              'refused_address',
              `Refused address ${remote ?? 'unknown'} (${verdict?.reason ?? 'unknown'})`,
            ),
          );
        }
      });
    });
    request.once('response', resolvePromise);
    // Kept for the request's life: a second error after the first must not go unheard.
    request.on('error', reject);
    request.end();
  });
}

interface RawBody {
  bytes: Buffer;
  isTruncated: boolean;
}

function isZlibHeader(chunk: Buffer): boolean {
  // RFC 1950: compression method 8, and the first two bytes a multiple of 31.
  return chunk.length >= 2 && (chunk[0]! & 0x0f) === 8 && ((chunk[0]! << 8) | chunk[1]!) % 31 === 0;
}

type Decoder = zlib.Gunzip | zlib.Inflate | zlib.InflateRaw | zlib.BrotliDecompress;

function decoderFor(encoding: string, firstChunk: Buffer): Decoder | null {
  const flush = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.createGunzip(flush);
  // "deflate" should be zlib-wrapped, but some servers send a raw deflate stream.
  if (encoding === 'deflate') {
    return isZlibHeader(firstChunk) ? zlib.createInflate(flush) : zlib.createInflateRaw(flush);
  }
  if (encoding === 'br') {
    return zlib.createBrotliDecompress({
      finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
    });
  }
  return null;
}

/**
 * Reads at most `maxBytes` of the decompressed body, then stops reading and closes the
 * connection. A body cut short by the server is kept as far as it came.
 */
function readBody(
  response: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
): Promise<RawBody> {
  const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase();
  // Compressed input is bounded too: empty deflate blocks would otherwise be read forever.
  const maxRawBytes = maxBytes + Math.ceil(maxBytes / 8) + 1024;
  return new Promise<RawBody>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let rawBytes = 0;
    let decoder: Decoder | null = null;
    let isSettled = false;

    const finish = (isTruncated: boolean, error?: unknown) => {
      if (isSettled) return;
      isSettled = true;
      signal.removeEventListener('abort', onAbort);
      response.destroy();
      decoder?.destroy();
      if (error !== undefined && kept === 0) reject(error);
      else resolve({ bytes: Buffer.concat(chunks, kept), isTruncated });
    };
    const onAbort = () => {
      if (isSettled) return;
      isSettled = true;
      response.destroy();
      decoder?.destroy();
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });

    const keep = (chunk: Buffer) => {
      if (isSettled || chunk.length === 0) return;
      const room = maxBytes - kept;
      // Exactly at the cap, the next byte (not the end) is what makes the body cut.
      if (room === 0 || chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        kept += room;
        finish(true);
        return;
      }
      chunks.push(chunk);
      kept += chunk.length;
    };

    response.on('data', (chunk: Buffer) => {
      if (isSettled) return;
      rawBytes += chunk.length;
      if (decoder === null && encoding !== '' && encoding !== 'identity') {
        decoder = decoderFor(encoding, chunk);
        if (decoder) {
          decoder.on('data', keep);
          decoder.on('end', () => finish(false));
          // A damaged stream keeps what was decoded before the damage.
          decoder.on('error', (error) => finish(false, error));
        }
      }
      if (decoder) {
        if (!decoder.write(chunk)) {
          response.pause();
          decoder.once('drain', () => response.resume());
        }
      } else {
        keep(chunk);
      }
      if (!isSettled && rawBytes > maxRawBytes) finish(true);
    });
    response.on('end', () => {
      if (decoder) decoder.end();
      else finish(false);
    });
    response.on('error', (error) => finish(false, error));
    response.on('aborted', () => finish(false));
  });
}

/** `charset=...` of a Content-Type value, without quotes; null when absent. */
export function charsetOfContentType(contentType: string | undefined): string | null {
  if (!contentType) return null;
  for (const part of contentType.split(';').slice(1)) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim().toLowerCase() !== 'charset') continue;
    const value = part.slice(at + 1).trim();
    const unquoted = value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
    return unquoted.trim() || null;
  }
  return null;
}

/** The charset a page declares in a `<meta>` within its first 1024 bytes (the HTML prescan). */
function charsetOfMeta(bytes: Buffer): string | null {
  let found: string | null = null;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (found !== null || name !== 'meta') return;
      if (attributes.charset) {
        found = attributes.charset.trim();
      } else if ((attributes['http-equiv'] ?? '').trim().toLowerCase() === 'content-type') {
        found = charsetOfContentType(attributes.content);
      }
    },
  });
  parser.write(bytes.subarray(0, 1024).toString('latin1'));
  parser.end();
  return found;
}

function decoderOf(label: string | null): TextDecoder | null {
  if (!label) return null;
  try {
    return new TextDecoder(label);
  } catch {
    return null;
  }
}

/**
 * Text of a body: a byte-order mark first, then the Content-Type charset, then `<meta charset>`,
 * else UTF-8. An unknown charset name falls back to UTF-8; bad bytes become U+FFFD.
 */
export function decodeBody(
  bytes: Buffer,
  contentType: string | undefined,
): { text: string; charset: string } {
  let decoder: TextDecoder | null = null;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    decoder = new TextDecoder('utf-8');
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) decoder = new TextDecoder('utf-16be');
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) decoder = new TextDecoder('utf-16le');
  decoder ??= decoderOf(charsetOfContentType(contentType));
  if (!decoder) {
    const meta = decoderOf(charsetOfMeta(bytes));
    // A page that calls itself UTF-16 in ASCII bytes is not UTF-16 (HTML's prescan rule).
    decoder = meta && !meta.encoding.startsWith('utf-16') ? meta : null;
  }
  decoder ??= new TextDecoder('utf-8');
  return { text: decoder.decode(bytes), charset: decoder.encoding };
}

/**
 * Fetches `input` under the rules above. Resolves with any HTTP answer (4xx and 5xx included);
 * rejects with a FetchFailure when no answer came.
 */
export async function safeFetch(
  input: string | URL,
  options: SafeFetchOptions,
): Promise<SafeFetchResponse> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort(new FetchFailure('timeout', `Timed out after ${seconds(timeoutMs)}`));
  }, timeoutMs);
  const redirects: string[] = [];
  try {
    let url = checkedUrl(input);
    for (let hop = 0; ; hop += 1) {
      const response = await requestOnce({ url, signal: controller.signal, options });
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(status) && location) {
        response.destroy();
        if (hop >= maxRedirects) {
          throw new FetchFailure('too_many_redirects', `More than ${maxRedirects} redirects`);
        }
        redirects.push(url.href);
        url = checkedUrl(location, url);
        continue;
      }
      const raw = await readBody(response, maxBytes, controller.signal);
      const { text, charset } = decodeBody(raw.bytes, response.headers['content-type']);
      return {
        status,
        headers: response.headers,
        url: url.href,
        redirects,
        body: text,
        charset,
        bytesRead: raw.bytes.length,
        isTruncated: raw.isTruncated,
      };
    }
  } catch (error) {
    throw failureOf(error, timeoutMs, isTimedOut);
  } finally {
    clearTimeout(timer);
  }
}
