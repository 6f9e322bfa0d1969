import path from 'node:path';

import { parseAst, type Plugin } from 'vite';

/**
 * Leaves the documentation of the API out of the app's bundles (decision 212).
 *
 * An endpoint is declared once in `contract/` (decision 183): the server registers its route and
 * writes its OpenAPI page from the declaration; the app's API client reads only its method, path,
 * access, body and answer. Its summary, description, tags and error statuses, and the words a
 * schema gives itself with zod's `.describe(…)`, are for `/api/docs` alone. So this build blanks,
 * in `contract/`, those properties of every `endpoint({ … })` declaration and every
 * `.describe(…)` call (the schema stays, without its description). A blanked part is replaced by
 * as many spaces (its line breaks kept), so every other character stays where it was and the
 * source maps stay exact. The server is built from the sources as they are.
 */
export const DOCUMENTATION_KEYS = ['summary', 'description', 'tags', 'errors'] as const;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/** The name of a property's key written as `name:` or `'name':`, or null when computed. */
function keyName(property: Node): string | null {
  if (property.computed) return null;
  const key = property.key as Node;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return null;
}

/** `endpoint({ … })`: the declaration's object, or null for any other node. */
function endpointDeclaration(node: Node): Node | null {
  const callee = node.callee as Node | undefined;
  const declaration = (node.arguments as Node[] | undefined)?.[0];
  const isEndpointCall =
    node.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'endpoint';
  return isEndpointCall && declaration?.type === 'ObjectExpression' ? declaration : null;
}

/** `schema.describe(…)`: the end of `schema`, where the call begins, or null for any other node. */
function describeCallStart(node: Node): number | null {
  const callee = node.callee as Node | undefined;
  const method = callee?.property as Node | undefined;
  const isDescribeCall =
    node.type === 'CallExpression' &&
    callee?.type === 'MemberExpression' &&
    !callee.computed &&
    method?.type === 'Identifier' &&
    method.name === 'describe';
  return isDescribeCall ? (callee.object as Node).end : null;
}

/** The `[start, end)` ranges of the documentation in a module, in order, none inside another. */
function documentationRanges(program: Node, code: string): [number, number][] {
  const ranges: [number, number][] = [];
  const visit = (node: Node) => {
    for (const property of (endpointDeclaration(node)?.properties ?? []) as Node[]) {
      const name = property.type === 'Property' ? keyName(property) : null;
      if (!name || !(DOCUMENTATION_KEYS as readonly string[]).includes(name)) continue;
      // The comma after the property goes with it.
      let end = property.end;
      while (/\s/.test(code[end] ?? '')) end += 1;
      if (code[end] === ',') end += 1;
      ranges.push([property.start, end]);
    }
    const describeStart = describeCallStart(node);
    if (describeStart !== null) ranges.push([describeStart, node.end]);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const item of value) if (isNode(item)) visit(item);
      if (isNode(value)) visit(value);
    }
  };
  visit(program);
  ranges.sort((a, b) => a[0] - b[0]);
  const outermost: [number, number][] = [];
  for (const range of ranges) if (range[0] >= (outermost.at(-1)?.[1] ?? 0)) outermost.push(range);
  return outermost;
}

/** `code` (a TypeScript module) with its API documentation blanked, or null when it has none. */
export function withoutEndpointDocs(code: string): string | null {
  const ranges = documentationRanges(parseAst(code, { lang: 'ts' }) as unknown as Node, code);
  if (ranges.length === 0) return null;
  let result = '';
  let from = 0;
  for (const [start, end] of ranges) {
    result += code.slice(from, start) + code.slice(start, end).replace(/[^\n]/g, ' ');
    from = end;
  }
  return result + code.slice(from);
}

export function endpointDocsOutOfApp(): Plugin {
  const contractDir = path.resolve(import.meta.dirname, '..', 'contract') + path.sep;
  let documentationFound = false;
  return {
    name: 'endpoint-docs-out-of-app',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: /[\\/]contract[\\/][^\\/]+\.ts$/ },
      handler(code, id) {
        if (!path.resolve(id).startsWith(contractDir)) return null;
        const result = withoutEndpointDocs(code);
        if (result === null) return null;
        documentationFound = true;
        // Every character kept its place: the source map of the original still holds.
        return { code: result, map: null };
      },
    },
    buildEnd(error) {
      if (error) return;
      // A build that bundles the API client must have met documented endpoint declarations.
      if (this.getModuleIds && [...this.getModuleIds()].some((id) => id.endsWith('api-client.ts')))
        if (!documentationFound)
          this.error('no endpoint declaration had its documentation left out (decision 212)');
    },
  };
}
