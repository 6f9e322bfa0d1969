import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { linkMonitoringEndpoints } from '#contract/link-monitoring.ts';

import { endpointDocsOutOfApp, withoutEndpointDocs } from './endpoint-docs-out-of-app.ts';

describe('withoutEndpointDocs', () => {
  const code = [
    "import { endpoint } from './endpoint.ts';",
    "const common = { access: 'buyer', tags: ['Kept'] } as const;",
    'export const endpoints = {',
    '  list: endpoint({',
    '    ...common,',
    "    method: 'GET',",
    "    path: '/v1/things',",
    "    summary: 'The things',",
    '    description:',
    "      'Newest first.',",
    "    'tags': ['Things'],",
    '    status: 200,',
    "    response: z.null().describe('Nothing'),",
    '    errors: [400, 401] },',
    '  ),',
    '};',
    "export const other = { summary: 'Not an endpoint' };",
  ].join('\n');

  it('blanks the summary, description, tags and errors of an endpoint declaration', () => {
    const result = withoutEndpointDocs(code) ?? '';
    expect(result).not.toContain('The things');
    expect(result).not.toContain('Newest first.');
    expect(result).not.toContain("['Things']");
    expect(result).not.toContain('[400, 401]');
    for (const kept of ["method: 'GET',", "path: '/v1/things',", 'status: 200,', 'response:'])
      expect(result).toContain(kept);
  });

  it('blanks the description a schema gives itself, keeping the schema', () => {
    const result = withoutEndpointDocs(code) ?? '';
    expect(result).not.toContain('Nothing');
    expect(result).toMatch(/response: z\.null\(\) +,/);
    const described = "const S = z\n  .string()\n  .describe('Text');";
    expect(withoutEndpointDocs(described)).toBe(
      `const S = z\n  .string()\n${' '.repeat("  .describe('Text')".length)};`,
    );
  });

  it('keeps every other character in its place', () => {
    const result = withoutEndpointDocs(code) ?? '';
    expect(result).toHaveLength(code.length);
    expect(result.split('\n').length).toBe(code.split('\n').length);
    expect(result.replace(/\s/g, '')).toBe(
      code
        .replace(/summary: 'The things',|description:\s*'Newest first.',/g, '')
        .replace(/'tags': \['Things'\],|errors: \[400, 401\]|\.describe\('Nothing'\)/g, '')
        .replace(/\s/g, ''),
    );
  });

  it('leaves objects that are not endpoint declarations as they are', () => {
    expect(withoutEndpointDocs(code)).toContain("{ summary: 'Not an endpoint' }");
    expect(withoutEndpointDocs("export const x = { summary: 'x' };")).toBeNull();
  });
});

describe('an app build of a contract module with the plugin', () => {
  let dir: string;
  let bundle: string;
  let built: { endpoints: typeof linkMonitoringEndpoints };

  beforeAll(async () => {
    // Inside the project, so the entry resolves the project's contract and zod.
    const cache = path.join(process.cwd(), 'node_modules', '.cache');
    await mkdir(cache, { recursive: true });
    dir = await mkdtemp(path.join(cache, 'endpoint-docs-plugin-'));
    const entry = path.join(dir, 'entry.js');
    // By its path: the project's own contract module, whichever node_modules the entry sits in.
    const contract = path.join(process.cwd(), 'contract', 'link-monitoring.ts');
    await writeFile(
      entry,
      `export { linkMonitoringEndpoints as endpoints } from ${JSON.stringify(contract)};\n`,
    );
    await build({
      configFile: false,
      logLevel: 'silent',
      root: process.cwd(),
      plugins: [endpointDocsOutOfApp()],
      build: {
        outDir: path.join(dir, 'out'),
        minify: false,
        lib: { entry, formats: ['es'], fileName: 'bundle' },
      },
    });
    const file = path.join(dir, 'out', 'bundle.js');
    bundle = await readFile(file, 'utf8');
    built = await import(pathToFileURL(file).href);
  }, 60_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('leaves the endpoints’ documentation out', () => {
    expect(bundle).not.toContain(linkMonitoringEndpoints.list.summary);
    expect(bundle).not.toContain(linkMonitoringEndpoints.remedy.description);
    // The Idempotency-Key header's `.describe(…)`, from contract/endpoint-schemas.ts.
    const header = linkMonitoringEndpoints.remedy.headers.shape['idempotency-key'].description;
    expect(header).toContain('safe to repeat');
    expect(bundle).not.toContain(header);
    expect(built.endpoints.list).not.toHaveProperty('summary');
    expect(built.endpoints.list).not.toHaveProperty('errors');
  });

  it('keeps what the API client reads', () => {
    for (const [name, declaration] of Object.entries(linkMonitoringEndpoints)) {
      const kept = built.endpoints[name as keyof typeof linkMonitoringEndpoints];
      expect(kept.method).toBe(declaration.method);
      expect(kept.path).toBe(declaration.path);
      expect(kept.access).toBe(declaration.access);
      expect(kept.status).toBe(declaration.status);
    }
    const answer = { data: [], pagination: { page: 1, limit: 25, total: 0 } };
    expect(built.endpoints.issues.response.safeParse({ data: [] }).success).toBe(true);
    expect(built.endpoints.checks.response.safeParse(answer).success).toBe(true);
  });
});
