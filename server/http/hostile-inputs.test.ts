// Every route's every field under hostile input (decision 130). The routes and their fields are
// read from the OpenAPI document the app builds from the routes' zod schemas, so a new route or
// field is covered without a line here. For each field of each body, query, path and multipart
// form, fast-check generates variants of NUL characters, lone surrogates, 100 kB strings, values
// nested 10,000 deep, out-of-range numbers, NaN-like texts, broken percent-encoding and wrong types,
// signed in as a buyer where the route needs it. Every answer is below 500 and, when it is a
// refusal, in the error format; a value the field cannot hold is refused (4xx) and changes nothing.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';

import { formatViolationPath } from '#contract/violation-path.ts';
import { queryRows } from '#server/db/database.ts';
import { demoControlKey } from '#server/http/demo-control.ts';
import { FIXTURE, UNKNOWN_ID } from '#tests/helpers/fixture.ts';
import { catalogueFacts, lineOfKind, multipart, placeOrder } from '#tests/helpers/orders.ts';
import {
  bearer,
  createTestContext,
  login,
  TEST_JWT_SECRET,
  TEST_START,
} from '#tests/helpers/test-app.ts';

// ---------------------------------------------------------------------------------------------
// The routes, as the OpenAPI document describes them

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  nullable?: boolean;
}

interface Operation {
  security?: unknown[];
  parameters?: {
    in: 'path' | 'query' | 'header';
    name: string;
    required?: boolean;
    schema: JsonSchema;
  }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

interface Route {
  method: string;
  /** OpenAPI form: `/api/v1/buyer/orders/{id}`. */
  path: string;
  operation: Operation;
}

/**
 * Routes served without an OpenAPI entry, each with the reason it is not exercised here. Any
 * other route missing from the document fails the coverage test below.
 */
const NOT_EXERCISED: { pattern: RegExp; reason: string }[] = [
  { pattern: /^HEAD /, reason: 'the automatic twin of a GET route, exercised through the GET' },
  {
    pattern: /^(GET|HEAD) \/api\/docs(\/.*)?$/,
    reason: 'the OpenAPI document and its UI: static files that read no input',
  },
  {
    pattern: /^(GET|HEAD) \/\*$/,
    reason: 'the built web app and its client-side routes (SPA fallback): files, no input',
  },
];

type Part = 'params' | 'query' | 'body' | 'form';
type Segment = string | number;

interface Target {
  part: Part;
  path: Segment[];
  schema: JsonSchema;
}

const MAX_SCHEMA_DEPTH = 8;

/** The schema without its null branch: what a non-null value must be. */
function solid(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const nonNull = branches.filter((branch) => branch.type !== 'null');
    return solid(nonNull.find((branch) => branch.properties || branch.items) ?? nonNull[0] ?? {});
  }
  if (schema.allOf?.length === 1) return solid(schema.allOf[0]!);
  return schema;
}

function typeOf(schema: JsonSchema): string | undefined {
  const s = solid(schema);
  if (Array.isArray(s.type)) return s.type.find((type) => type !== 'null');
  if (s.type) return s.type;
  if (s.properties) return 'object';
  if (s.enum?.every((value) => typeof value === 'string') || typeof s.const === 'string') {
    return 'string';
  }
  return undefined;
}

/** Every leaf field of a schema (items of arrays as index 0, free keys as `x`). */
function leaves(schema: JsonSchema, path: Segment[], part: Part, depth = 0): Target[] {
  const s = solid(schema);
  if (depth > MAX_SCHEMA_DEPTH) return [];
  const type = typeOf(s);
  if (type === 'object') {
    const named = Object.entries(s.properties ?? {}).flatMap(([key, value]) =>
      leaves(value, [...path, key], part, depth + 1),
    );
    const free =
      typeof s.additionalProperties === 'object'
        ? leaves(s.additionalProperties, [...path, 'x'], part, depth + 1)
        : [];
    return [...named, ...free];
  }
  if (type === 'array' && s.items) return leaves(s.items, [...path, 0], part, depth + 1);
  return [{ part, path, schema: s }];
}

function targetsOf(route: Route): Target[] {
  const targets: Target[] = [];
  for (const parameter of route.operation.parameters ?? []) {
    if (parameter.in === 'path')
      targets.push(...leaves(parameter.schema, [parameter.name], 'params'));
    if (parameter.in === 'query')
      targets.push(...leaves(parameter.schema, [parameter.name], 'query'));
  }
  const json = jsonBodySchema(route);
  if (json) targets.push(...leaves(json, [], 'body'));
  const form = formSchema(route);
  if (form) {
    for (const [name, field] of Object.entries(solid(form).properties ?? {})) {
      // The file itself is a part of its own; its name is checked with the file.
      if (name !== 'file') targets.push({ part: 'form', path: [name], schema: solid(field) });
    }
  }
  return targets;
}

function jsonBodySchema(route: Route): JsonSchema | undefined {
  return route.operation.requestBody?.content['application/json']?.schema;
}

function formSchema(route: Route): JsonSchema | undefined {
  return route.operation.requestBody?.content['multipart/form-data']?.schema;
}

// ---------------------------------------------------------------------------------------------
// Plausible values, so that a hostile value is the only thing wrong with a request

/** Ids read from the buyer's own answers, by the name of the field or list holding them. */
const harvested = new Map<string, string[]>();
/** Ids of each GET route's answer (its `data` list or the object itself), by route path. */
const listed = new Map<string, string[]>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function remember(map: Map<string, string[]>, key: string, id: string): void {
  const ids = map.get(key) ?? [];
  if (!ids.includes(id)) ids.push(id);
  map.set(key, ids);
}

function harvest(value: unknown, key: string, depth = 0): void {
  if (depth > 6 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 5)) harvest(item, key, depth + 1);
    return;
  }
  const record = value as Record<string, unknown>;
  if (typeof record.id === 'string' && UUID.test(record.id)) remember(harvested, key, record.id);
  for (const [name, item] of Object.entries(record)) {
    harvest(item, name === 'data' ? key : name, depth + 1);
  }
}

function idNamed(name: string): string | undefined {
  const bare = name.replace(/_ids?$/, '');
  for (const key of [name, bare, `${bare}s`, bare.replace(/s$/, '')]) {
    const ids = harvested.get(key);
    if (ids?.length) return ids[0];
  }
  return undefined;
}

const PATTERN_CANDIDATES = ['1', '20', 'com', 'ASC', 'a', 'abc', 'sample-key-1', 'en', 'x.png'];

function example(schema: JsonSchema, name: string, depth = 0): unknown {
  const s = solid(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum.find((value) => value !== null);
  if (s.default !== undefined) return s.default;
  switch (typeOf(s)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      if (depth > MAX_SCHEMA_DEPTH) return value;
      for (const key of s.required ?? []) {
        value[key] = example(s.properties?.[key] ?? {}, key, depth + 1);
      }
      return value;
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () =>
        example(s.items ?? {}, name, depth + 1),
      );
    case 'integer':
    case 'number': {
      const low = s.minimum ?? (s.exclusiveMinimum === undefined ? 1 : s.exclusiveMinimum + 1);
      return Math.min(Math.max(low, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return false;
    default:
      return exampleText(s, name);
  }
}

function exampleText(s: JsonSchema, name: string): string {
  if (s.format === 'uuid') return idNamed(name) ?? UNKNOWN_ID;
  if (s.format === 'email' || name.includes('email')) return 'hostile-inputs@example.com';
  if (s.format === 'date') return '2026-04-01';
  if (s.format === 'date-time') return TEST_START.toISOString();
  if (s.pattern) {
    const pattern = new RegExp(s.pattern, 'u');
    return PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate)) ?? 'a';
  }
  const length = Math.max(s.minLength ?? 1, Math.min(12, s.maxLength ?? 12));
  return 'Sample text '
    .repeat(2)
    .slice(0, length)
    .trim()
    .padEnd(s.minLength ?? 1, 'x');
}

interface BaseRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  form: Record<string, string> | null;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** The id for a path parameter: one from the list route that names the same collection. */
function pathId(route: Route, index: number): string | undefined {
  const segments = segmentsOf(route.path);
  const collection = segments[index - 1];
  let best: { score: number; id: string } | undefined;
  for (const [listPath, ids] of listed) {
    const listSegments = segmentsOf(listPath);
    if (listSegments.at(-1) !== collection || ids.length === 0) continue;
    let score = 0;
    while (score < listSegments.length && listSegments[score] === segments[score]) score += 1;
    if (!best || score > best.score) best = { score, id: ids[0]! };
  }
  return best?.id ?? (collection ? idNamed(collection) : undefined);
}

function baseRequest(route: Route): BaseRequest {
  const params: Record<string, string> = {};
  const query: Record<string, unknown> = {};
  const segments = segmentsOf(route.path);
  for (const parameter of route.operation.parameters ?? []) {
    if (parameter.in === 'path') {
      const index = segments.indexOf(`{${parameter.name}}`);
      const fromList = solid(parameter.schema).format === 'uuid' ? pathId(route, index) : undefined;
      params[parameter.name] = fromList ?? String(example(parameter.schema, parameter.name));
    }
    if (parameter.in === 'query' && parameter.required) {
      query[parameter.name] = example(parameter.schema, parameter.name);
    }
  }
  const json = jsonBodySchema(route);
  const form = formSchema(route);
  return {
    params,
    query,
    body: json ? example(json, 'body') : undefined,
    form: form
      ? Object.fromEntries(
          Object.entries(solid(form).properties ?? {})
            .filter(([name]) => name !== 'file' && solid(form).required?.includes(name))
            .map(([name, field]) => [name, String(example(field, name))]),
        )
      : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Hostile values

/** What is placed in a field, and how it is written where text cannot hold it. */
interface Hostile {
  kind: string;
  value: unknown;
  /** Written into a JSON body as this raw text (values too deep for JSON.stringify). */
  rawJson?: string;
  /** Written into a URL as these raw percent-escapes (not encoded again). */
  rawUrl?: string;
}

const DEEP_LEVELS = 10_000;
const LONG_LENGTH = 100 * 1024;

function labelled(hostile: Hostile): Hostile {
  const preview = JSON.stringify(hostile.value ?? null)?.slice(0, 60);
  return Object.assign(hostile, {
    [fc.toStringMethod]: () => `${hostile.kind}(${preview ?? ''})`,
  });
}

const text = fc.string({ maxLength: 12 });

/** Percent-escapes of text that may hold lone surrogates (written as their WTF-8 bytes). */
function escapeForUrl(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

const nulText = fc
  .tuple(text, text)
  .map(([before, after]) => labelled({ kind: 'NUL', value: `${before}\u0000${after}` }));

const loneSurrogate = fc
  .tuple(text, fc.integer({ min: 0xd800, max: 0xdfff }), text)
  .map(([before, code, after]) =>
    labelled({
      kind: 'lone surrogate',
      value: `${before.replace(/[\ud800-\udfff]/g, '')}${String.fromCharCode(code)}${after.replace(/[\ud800-\udfff]/g, '')}`,
    }),
  );

const longText = fc
  .constantFrom('a', '9', 'é', '🚀', ' ', '%', '\n')
  .map((unit) =>
    labelled({ kind: '100 kB text', value: unit.repeat(Math.ceil(LONG_LENGTH / unit.length)) }),
  );

const deepJson = fc.integer({ min: DEEP_LEVELS, max: DEEP_LEVELS + 16 }).chain((levels) =>
  fc.constantFrom('{"a":', '[').map((open) => {
    const close = open === '[' ? ']' : '}';
    return labelled({
      kind: 'nested 10,000 deep',
      value: `${open.repeat(levels)}1${close.repeat(levels)}`,
      rawJson: `${open.repeat(levels)}1${close.repeat(levels)}`,
    });
  }),
);

const OUT_OF_RANGE = [2 ** 31, 2 ** 53 + 1, -1e308, 1e308, -(2 ** 31) - 1, 2 ** 63];

const bigNumber = fc
  .oneof(fc.constantFrom(...OUT_OF_RANGE), fc.integer({ min: 2 ** 31, max: 2 ** 52 }))
  .map((value) => labelled({ kind: 'out-of-range number', value }));

const nanText = fc
  .constantFrom('NaN', 'Infinity', '-Infinity', '1e999', '0x1F', '-0', '1_000', '', ' ', '١٢')
  .map((value) => labelled({ kind: 'NaN-like text', value }));

const brokenEscape = fc
  .constantFrom('%', '%E0%A4%A', '%zz', '%C0%AF', '%FF%FE', '%ED%A0%80')
  .map((raw) => labelled({ kind: 'broken percent-encoding', value: raw, rawUrl: raw }));

/** Values of another JSON type than the field's. */
function wrongType(schema: JsonSchema): fc.Arbitrary<Hostile> {
  const type = typeOf(schema);
  const options: fc.Arbitrary<unknown>[] = [];
  if (type !== 'string') options.push(text.map((value) => `${value}?`));
  if (type !== 'number' && type !== 'integer') options.push(fc.integer());
  if (type !== 'boolean') options.push(fc.boolean());
  if (type !== 'array') options.push(fc.array(fc.integer(), { maxLength: 3 }));
  if (type !== 'object') options.push(fc.dictionary(fc.constantFrom('a', 'b'), fc.integer()));
  return fc.oneof(...options).map((value) => labelled({ kind: 'wrong type', value }));
}

function isNumeric(schema: JsonSchema): boolean {
  const type = typeOf(schema);
  return type === 'number' || type === 'integer';
}

/** Whether the field's declared schema lets the numeric text or number through. */
function numberFits(schema: JsonSchema, value: number): boolean {
  const s = solid(schema);
  if (!Number.isFinite(value)) return false;
  if (typeOf(s) === 'integer' && !Number.isSafeInteger(value)) return false;
  if (s.minimum !== undefined && value < s.minimum) return false;
  if (s.maximum !== undefined && value > s.maximum) return false;
  return true;
}

interface Attack {
  arbitrary: fc.Arbitrary<Hostile>;
  runs: number;
  /** Whether every value of this attack must be refused by the field. */
  refused: (hostile: Hostile) => boolean;
}

const always = () => true;

function isScalar(value: unknown): boolean {
  return typeof value === 'number' || typeof value === 'boolean';
}

/** A field that takes any JSON value (a saved view's value): only the rules of every input apply. */
function isFree(schema: JsonSchema): boolean {
  return typeOf(schema) === undefined && !schema.enum && schema.const === undefined;
}

function attacksOn(target: Target): Attack[] {
  const { part, schema } = target;
  const numeric = isNumeric(schema);
  const free = isFree(schema);
  const attacks: Attack[] = [
    { arbitrary: nulText, runs: 2, refused: always },
    // Only JSON can carry a lone surrogate (`"\ud800"`). In a URL or a form it can only be written
    // as broken UTF-8, which is read as the text of its escapes or as U+FFFD.
    { arbitrary: loneSurrogate, runs: part === 'body' ? 2 : 1, refused: () => part === 'body' },
    { arbitrary: longText, runs: 1, refused: always },
    // A number beyond what the field holds. (A text field may take a number as its text.)
    {
      arbitrary: bigNumber,
      runs: numeric ? 3 : 1,
      refused: (hostile) =>
        numeric && (part !== 'body' || !numberFits(schema, hostile.value as number)),
    },
    {
      arbitrary: nanText,
      runs: numeric ? 2 : 1,
      refused: () => numeric || (part === 'body' && !free && typeOf(schema) !== 'string'),
    },
  ];
  if (part !== 'params') attacks.push({ arbitrary: deepJson, runs: 1, refused: always });
  if (part === 'body') {
    attacks.push({
      arbitrary: wrongType(schema),
      runs: 2,
      refused: (hostile) => !free && !(typeOf(schema) === 'string' && isScalar(hostile.value)),
    });
  }
  if (part === 'params' || part === 'query') {
    // The router refuses a path that does not decode; a query's text is taken as written.
    attacks.push({ arbitrary: brokenEscape, runs: 1, refused: () => part === 'params' });
  }
  if (part === 'query') {
    const shape = fc
      .constantFrom<unknown>(['1', '2'], { a: '1' })
      .map((value) => labelled({ kind: 'wrong shape', value }));
    // Inside a list the query syntax has no more room: extra brackets are read as text.
    const inList = target.path.some((segment) => typeof segment === 'number');
    attacks.push({ arbitrary: shape, runs: 1, refused: () => !inList });
  }
  return attacks;
}

// ---------------------------------------------------------------------------------------------
// Requests

function setAt(root: unknown, path: Segment[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [Segment, ...Segment[]];
  if (typeof head === 'number') {
    const list = Array.isArray(root) ? [...(root as unknown[])] : [];
    list[head] = setAt(list[head], rest, value);
    return list;
  }
  const record: Record<string, unknown> =
    root !== null && typeof root === 'object' && !Array.isArray(root)
      ? { ...(root as Record<string, unknown>) }
      : {};
  record[head] = setAt(record[head], rest, value);
  return record;
}

const RAW = '\u0001raw\u0001';

/** The path up to its first list item: the field a query writes a list under. */
function outsideLists(path: Segment[]): Segment[] {
  const index = path.findIndex((segment) => typeof segment === 'number');
  return index === -1 ? path : path.slice(0, index);
}

/** A query string in bracket syntax; raw values are written as they are. */
function encodeQuery(value: unknown, prefix = '', pairs: string[] = []): string[] {
  if (typeof value === 'string' && value.startsWith(RAW)) {
    pairs.push(`${prefix}=${value.slice(RAW.length)}`);
  } else if (Array.isArray(value)) {
    value.forEach((item) => encodeQuery(item, `${prefix}[]`, pairs));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      encodeQuery(item, prefix ? `${prefix}[${escapeForUrl(key)}]` : escapeForUrl(key), pairs);
    }
  } else if (value !== undefined) {
    pairs.push(`${prefix}=${escapeForUrl(String(value))}`);
  }
  return pairs;
}

let buyerToken = '';

function requestFor(route: Route, target: Target | null, hostile: Hostile | null): InjectOptions {
  const base = baseRequest(route);
  const headers: Record<string, string> = {};
  if (route.operation.security) Object.assign(headers, bearer(buyerToken));
  if (route.path.startsWith('/api/demo/')) headers['x-demo-key'] = demoControlKey(TEST_JWT_SECRET);
  let { body, query } = base;
  const params = { ...base.params };
  let form = base.form;
  let rawBody: string | null = null;
  if (target && hostile) {
    const inUrl = hostile.rawUrl ? `${RAW}${hostile.rawUrl}` : hostile.value;
    if (target.part === 'params') {
      params[target.path[0] as string] =
        `${RAW}${hostile.rawUrl ?? escapeForUrl(String(hostile.value))}`;
    } else if (target.part === 'query') {
      if (hostile.rawJson) {
        // Nesting in a query string is written with brackets, one level each.
        const key = formatViolationPath(outsideLists(target.path), 'bracket');
        const deepKey = `${key}${'[a]'.repeat(DEEP_LEVELS)}`;
        query = { ...query, [RAW]: `${RAW}${deepKey}=1` };
      } else {
        query = setAt(query, target.path, inUrl) as Record<string, unknown>;
      }
    } else if (target.part === 'body') {
      if (hostile.rawJson) {
        const marker = '__nested_value_goes_here__';
        rawBody = JSON.stringify(setAt(body, target.path, marker)).replace(
          `"${marker}"`,
          hostile.rawJson,
        );
      } else {
        body = setAt(body, target.path, hostile.value);
      }
    } else {
      form = { ...(form ?? {}), [target.path[0] as string]: String(hostile.value) };
    }
  }
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name] ?? '';
    return value.startsWith(RAW) ? value.slice(RAW.length) : escapeForUrl(value);
  });
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    key === RAW ? [(value as string).slice(RAW.length)] : encodeQuery({ [key]: value }),
  );
  const url = pairs.length ? `${path}?${pairs.join('&')}` : path;
  const options: InjectOptions = { method: route.method as InjectOptions['method'], url, headers };
  if (form) {
    const encoded = multipartWithRawText(form);
    Object.assign(headers, encoded.headers);
    options.payload = encoded.payload;
  } else if (rawBody !== null) {
    headers['content-type'] = 'application/json';
    options.payload = rawBody;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    options.payload = JSON.stringify(body);
  }
  return options;
}

/** A form whose text is written as WTF-8, so a lone surrogate arrives as the bytes it would be. */
function multipartWithRawText(fields: Record<string, string>) {
  const encoded = multipart(
    Object.fromEntries(Object.keys(fields).map((name) => [name, '\u0003'])),
  );
  let payload = encoded.payload;
  for (const value of Object.values(fields)) {
    const at = payload.indexOf(0x03);
    payload = Buffer.concat([payload.subarray(0, at), wtf8(value), payload.subarray(at + 1)]);
  }
  return { payload, headers: encoded.headers };
}

function wtf8(value: string): Buffer {
  const bytes: number[] = [];
  for (let index = 0; index < value.length; index += 1) {
    const code = value.codePointAt(index)!;
    if (code > 0xffff) index += 1;
    if (code >= 0xd800 && code <= 0xdfff) {
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    } else {
      bytes.push(...Buffer.from(String.fromCodePoint(code)));
    }
  }
  return Buffer.from(bytes);
}

function describeFailure(
  route: Route,
  where: string,
  hostile: Hostile | null,
  response: LightMyRequestResponse,
  problem: string,
): Error {
  const what = hostile ? `${hostile.kind} ${JSON.stringify(hostile.value)?.slice(0, 40)}` : '';
  return new Error(
    `${route.method} ${route.path} ${where} ${what}: ${problem}; answered ${response.statusCode} ${response.body.slice(0, 300)}`,
  );
}

/** Below 500; a refusal is in the error format; a value the field cannot hold is refused. */
function checkAnswer(
  route: Route,
  where: string,
  hostile: Hostile | null,
  response: LightMyRequestResponse,
  mustRefuse: boolean,
  /** The violation path of the field the hostile value is in, when it must be named. */
  fieldPath?: string,
): void {
  const fail = (problem: string) => {
    throw describeFailure(route, where, hostile, response, problem);
  };
  if (response.statusCode >= 500) fail('a server error');
  if (mustRefuse && (response.statusCode < 400 || response.statusCode >= 500)) {
    fail('the value was not refused');
  }
  if (response.statusCode < 400) return;
  if (!String(response.headers['content-type']).startsWith('application/json; charset=utf-8')) {
    fail('the refusal is not JSON');
  }
  if (response.headers['x-content-type-options'] !== 'nosniff') fail('no nosniff');
  let body: { code?: unknown; message?: unknown; violations?: unknown };
  try {
    body = JSON.parse(response.body) as typeof body;
  } catch {
    return fail('the refusal does not parse');
  }
  if (body.code !== response.statusCode || typeof body.message !== 'string') {
    fail('the refusal is not {code, message}');
  }
  if (body.violations !== undefined) {
    const violations = body.violations as { path?: unknown; message?: unknown }[];
    const wellFormed =
      Array.isArray(violations) &&
      violations.length > 0 &&
      violations.every((v) => typeof v.path === 'string' && typeof v.message === 'string');
    if (!wellFormed) fail('malformed violations');
  }
  // A validation refusal names the field (spec: violations on the field's path).
  if (response.statusCode === 400 && body.message === 'Validation failed.' && !body.violations) {
    fail('a validation refusal without violations');
  }
  if (mustRefuse && fieldPath !== undefined && body.message === 'Validation failed.') {
    const paths = (body.violations as { path: string }[]).map(({ path }) => path);
    const named = paths.some(
      (path) =>
        path === fieldPath || path.startsWith(`${fieldPath}.`) || path.startsWith(`${fieldPath}[`),
    );
    if (!named) fail(`no violation on ${fieldPath}`);
  }
}

// ---------------------------------------------------------------------------------------------
// What must not change

let tableNames: string[] | null = null;

/** A fingerprint of every table (row count and a hash of its rows), read in one statement. */
async function snapshot(): Promise<Map<string, string>> {
  tableNames ??= (
    await queryRows<{ name: string }>(
      ctx.handle.db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).map(({ name }) => name);
  const selects = tableNames.map(
    (name) =>
      sql`select ${name} as name, count(*) || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as print from ${sql.identifier(name)} t`,
  );
  const rows = await queryRows<{ name: string; print: string }>(
    ctx.handle.db,
    sql.join(selects, sql` union all `),
  );
  return new Map(rows.map(({ name, print }) => [name, print]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([name, print]) => before.get(name) !== print).map(([name]) => name);
}

// ---------------------------------------------------------------------------------------------
// The run

const SEED = 20_261_125;

const ctx = await createTestContext({ overrides: { demo: { advanceSeconds: 0 } } });
afterAll(async () => {
  await ctx.close();
});

const documentAnswer = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
const document = documentAnswer.json<{ paths: Record<string, Record<string, Operation>> }>();
const routes: Route[] = Object.entries(document.paths).flatMap(([path, operations]) =>
  Object.entries(operations).map(([method, operation]) => ({
    method: method.toUpperCase(),
    path,
    operation,
  })),
);

/** The routes Fastify serves, as `METHOD /path/{param}`, read from its route tree. */
function servedRoutes(): string[] {
  const served: string[] = [];
  const stack: string[] = [];
  for (const line of ctx.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('').replace(/:(\w+)/g, '{$1}');
    for (const method of match[3]?.split(', ') ?? []) served.push(`${method} ${path}`);
  }
  return served;
}

async function prepareBuyerData(): Promise<void> {
  const { db } = ctx.handle;
  const facts = await catalogueFacts(db);
  buyerToken = (await login(ctx.app, FIXTURE.buyer, FIXTURE.password)).token;
  await placeOrder(
    ctx,
    buyerToken,
    facts,
    [lineOfKind(facts, 'buyerArticle'), lineOfKind(facts, 'approvedTopic', 'buyer', 1)],
    'bank_transfer',
  );
  const headers = { ...bearer(buyerToken), 'content-type': 'application/json' };
  const cartLine = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/buyer/shopping-carts/items',
    headers,
    payload: JSON.stringify(lineOfKind(facts, 'buyerTopic', 'buyer', 2)),
  });
  expect(cartLine.statusCode).toBe(201);
  const view = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/buyer/saved-views',
    headers,
    payload: JSON.stringify({ kind: 'site_filters', name: 'Mine', value: { filter: {} } }),
  });
  expect(view.statusCode).toBe(201);
  // The ids each list answers, first of routes without parameters, then of those with.
  for (const withParams of [false, true]) {
    for (const route of routes) {
      if (route.method !== 'GET' || route.path.includes('{') !== withParams) continue;
      const answer = await ctx.app.inject(requestFor(route, null, null));
      if (answer.statusCode !== 200 || !String(answer.headers['content-type']).includes('json'))
        continue;
      const json = answer.json<unknown>();
      const key = segmentsOf(route.path).at(-1)!;
      harvest(json, key);
      const rows = (json as { data?: unknown }).data ?? json;
      for (const row of Array.isArray(rows) ? rows : [rows]) {
        const id = (row as { id?: unknown } | null)?.id;
        if (typeof id === 'string' && UUID.test(id)) remember(listed, route.path, id);
      }
    }
  }
}

await prepareBuyerData();

describe('every route refuses hostile input in the error format, and never fails', () => {
  it('reads every served route from the API document, except the listed ones', () => {
    const documented = new Set(routes.map((route) => `${route.method} ${route.path}`));
    // Routes sharing a parameter's position under other names print it once, as `{id}|{token}`.
    const shape = (route: string) => route.replace(/\{\w+\}(?:\|\{\w+\})*/g, '{}');
    const documentedShapes = new Set([...documented].map(shape));
    const isDocumented = (route: string) =>
      documented.has(route) || (route.includes('}|{') && documentedShapes.has(shape(route)));
    const missing = servedRoutes().filter(
      (route) => !isDocumented(route) && !NOT_EXERCISED.some(({ pattern }) => pattern.test(route)),
    );
    expect(missing).toEqual([]);
    expect(routes.length).toBeGreaterThan(80);
  });

  for (const route of routes) {
    it(`${route.method} ${route.path}`, async () => {
      const targets = targetsOf(route);
      const refusedRuns: (() => Promise<void>)[] = [];
      const acceptedRuns: (() => Promise<void>)[] = [];
      for (const target of targets) {
        const where = `${target.part} ${target.path.join('.') || '(root)'}`;
        for (const attack of attacksOn(target)) {
          const run = (mustOnly: boolean) => async () =>
            fc.assert(
              fc.asyncProperty(attack.arbitrary, async (hostile) => {
                const mustRefuse = attack.refused(hostile);
                if (mustRefuse !== mustOnly) return;
                const response = await ctx.app.inject(requestFor(route, target, hostile));
                // Nesting in a query is written from the field's list, not from one of its items.
                const named =
                  target.part === 'query' && hostile.rawJson
                    ? outsideLists(target.path)
                    : target.path;
                const fieldPath =
                  target.part === 'form'
                    ? undefined
                    : formatViolationPath(named, target.part === 'query' ? 'bracket' : 'dot');
                checkAnswer(route, where, hostile, response, mustRefuse, fieldPath);
              }),
              { seed: SEED, numRuns: attack.runs, endOnFailure: true, includeErrorInReport: true },
            );
          refusedRuns.push(run(true));
          acceptedRuns.push(run(false));
        }
      }
      // The whole body replaced: nested 10,000 deep, or of another type than an object.
      const json = jsonBodySchema(route);
      if (json) {
        refusedRuns.push(async () => {
          const wrongBodies = [
            deepJsonText('{"a":', '}'),
            deepJsonText('[', ']'),
            '"text"',
            '12',
            typeOf(json) === 'array' ? '{}' : '[]',
          ];
          for (const payload of wrongBodies) {
            const options = requestFor(route, null, null);
            options.payload = payload;
            options.headers = { ...options.headers, 'content-type': 'application/json' };
            checkAnswer(
              route,
              `body ${payload.slice(0, 12)}`,
              null,
              await ctx.app.inject(options),
              true,
            );
          }
        });
      }
      // A form without its boundary, or cut off before its end, in a field or in the file.
      if (formSchema(route)) {
        const field = '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb';
        const file =
          '--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n' +
          'Content-Type: text/plain\r\n\r\nSome text';
        refusedRuns.push(async () => {
          for (const [contentType, payload] of [
            ['multipart/form-data', `${field}\r\n--x--\r\n`],
            ['multipart/form-data; boundary=x', field],
            ['multipart/form-data; boundary=x', file],
          ] as const) {
            const options = requestFor(route, null, null);
            options.payload = payload;
            options.headers = { ...options.headers, 'content-type': contentType };
            checkAnswer(route, `form ${contentType}`, null, await ctx.app.inject(options), true);
          }
        });
      }
      const before = route.method === 'GET' ? null : await snapshot();
      for (const run of refusedRuns) await run();
      if (before) expect(changedTables(before, await snapshot())).toEqual([]);
      for (const run of acceptedRuns) await run();
    });
  }
});

function deepJsonText(open: string, close: string): string {
  return `${open.repeat(DEEP_LEVELS)}1${close.repeat(DEEP_LEVELS)}`;
}
