// ESLint rules enforcing the import directions of the architecture guide:
// contract <- server; contract <- workers <- src; inside src: utils/config/lib/components <- features <- app;
// a feature never imports another feature; a server module uses another only through its service,
// and so does the rest of the server (db, http, plugins, the seed), but for server/app.ts composing
// the modules' registrations;
// and no file reaches itself again through its imports.
import fs from 'node:fs';
import path from 'node:path';

import { createImportGraph } from './import-graph.js';

/**
 * The only packages the shared contract may use: schemas and the offline checks of company details
 * (decision 080). The query-string codec is the contract's own (decisions 160, 192), read by the
 * app and the server alike.
 */
const CONTRACT_PACKAGES = new Set(['zod', 'ibantools', 'jsvat', 'i18n-iso-countries']);
/**
 * One contract file may use more: the password policy and its word lists (decision 072), which
 * the client loads only with import() on its password screens.
 */
const CONTRACT_FILE_PACKAGES = {
  'password-policy.ts': new Set(['@zxcvbn-ts/core', '@zxcvbn-ts/language-common']),
};

function isContractPackage(from, source) {
  if (CONTRACT_PACKAGES.has(source.split('/')[0])) return true;
  return CONTRACT_FILE_PACKAGES[from.sub]?.has(source) ?? false;
}

/**
 * The shared layers of the app, lowest first: a layer imports only its own and lower ones. Plain
 * helpers (utils, config) know nothing of the configured singletons and stores (lib), which know
 * nothing of React hooks, which know nothing of components. A test may compose them (a store's
 * test can render the component that shows it).
 */
const SRC_LAYERS = { utils: 0, config: 0, lib: 1, hooks: 2, components: 3 };

const projectRoot = path.resolve(import.meta.dirname, '..');

/**
 * The path aliases of package.json `imports` ("#contract/*": "./contract/*"), as prefix pairs.
 * Only the directory form is supported: an alias that maps anything else is refused when read, so
 * an import the rule cannot follow is never silently left unchecked.
 */
function readAliases(root) {
  const { imports = {} } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  return Object.entries(imports).map(([alias, target]) => {
    if (typeof target !== 'string' || !alias.endsWith('/*') || !target.endsWith('/*')) {
      throw new Error(`package.json imports: "${alias}" must map "#name/*" to "./dir/*"`);
    }
    return [alias.slice(0, -1), path.join(root, target.slice(0, -1))];
  });
}

/**
 * A resolver for the project at `root`: the absolute path an import specifier points at, or null
 * for a package. An unknown `#` alias throws, so the rule reports it rather than skipping it.
 */
function createResolver(root) {
  const aliases = fs.existsSync(path.join(root, 'package.json')) ? readAliases(root) : [];
  return (fromFile, source) => {
    if (source.startsWith('.')) return path.resolve(path.dirname(fromFile), source);
    if (!source.startsWith('#')) return null;
    for (const [prefix, directory] of aliases) {
      if (source.startsWith(prefix)) return path.join(directory, source.slice(prefix.length));
    }
    throw new Error(`"${source}" is not a path alias of package.json imports`);
  };
}

const resolveImport = createResolver(projectRoot);

/** Where a file lives: { area, sub, feature } relative to the project root. */
function locate(absolute) {
  const rel = path.relative(projectRoot, absolute).split(path.sep);
  const [area = '', sub = '', feature = ''] = rel;
  return { area, sub, feature, inner: rel.slice(3).join('/'), absolute };
}

/**
 * The allow-list of what one feature may use of another: its query-key factory and query
 * options (`api/queries.ts`), so a feature can read or invalidate another's data without
 * reaching into its components, hooks or storage; and, where a first load must stay light, its
 * bare query keys (`api/query-keys.ts`), to invalidate without loading the queries' code.
 */
const PUBLIC_FEATURE_FILES = ['api/queries.ts', 'api/query-keys.ts'];

const FORBIDDEN_AREAS = {
  server: ['src', 'workers', 'src-sw'],
  workers: ['src', 'server', 'src-sw'],
  'src-sw': ['src', 'server', 'workers'],
  src: ['server', 'src-sw'],
};

/**
 * What the rest of the server may import of a module: its service, `<name>.service.ts`, or for a
 * module that has none, its file named after it (the demo publisher's `demo-publisher.ts`).
 */
function isPublicEntry(to) {
  return to.inner === `${to.feature}.service.ts` || to.inner === `${to.feature}.ts`;
}

/**
 * The composition root, server/app.ts, is the one file outside the modules that reads their
 * registrations (`<name>.module.ts`, decision 189); anything else uses a module's service.
 */
function isCompositionRoot(from) {
  return from.area === 'server' && from.sub === 'app.ts';
}

function check(fromFile, source) {
  const from = locate(fromFile);
  let target;
  try {
    target = resolveImport(fromFile, source);
  } catch (error) {
    return error.message;
  }
  if (target === null) {
    if (from.area === 'contract' && !isContractPackage(from, source)) {
      return 'contract/ imports nothing but zod and the company-detail checks';
    }
    return null;
  }
  const to = locate(target);
  if (from.area === 'contract' && to.area !== 'contract') {
    return `contract/ must not import from ${to.area}/`;
  }
  if (FORBIDDEN_AREAS[from.area]?.includes(to.area)) {
    return `${from.area}/ must not import from ${to.area}/`;
  }
  if (from.area === 'src' && to.area === 'src') {
    const lower = ['utils', 'config', 'lib', 'hooks', 'components'];
    if (lower.includes(from.sub) && (to.sub === 'features' || to.sub === 'app')) {
      return `src/${from.sub} must not import from src/${to.sub}`;
    }
    const layer = SRC_LAYERS[from.sub];
    const isTest = /\.test\.tsx?$/.test(from.absolute);
    if (layer !== undefined && !isTest && SRC_LAYERS[to.sub] > layer) {
      return `src/${from.sub} must not import from src/${to.sub}`;
    }
    if (from.sub === 'features' && to.sub === 'app')
      return 'a feature must not import from src/app';
    if (
      from.sub === 'features' &&
      to.sub === 'features' &&
      from.feature !== to.feature &&
      !PUBLIC_FEATURE_FILES.includes(to.inner)
    ) {
      return `feature "${from.feature}" must not import feature "${to.feature}"; compose them in src/app`;
    }
  }
  if (
    from.area === 'server' &&
    from.sub === 'modules' &&
    to.area === 'server' &&
    to.sub === 'modules' &&
    from.feature !== to.feature &&
    !isPublicEntry(to)
  ) {
    return `module "${from.feature}" may use module "${to.feature}" only through ${to.feature}/${to.feature}.service.ts`;
  }
  if (
    from.area === 'server' &&
    from.sub !== 'modules' &&
    to.area === 'server' &&
    to.sub === 'modules' &&
    !isPublicEntry(to) &&
    !(isCompositionRoot(from) && to.inner === `${to.feature}.module.ts`)
  ) {
    return `server/${from.sub} may use module "${to.feature}" only through ${to.feature}/${to.feature}.service.ts`;
  }
  return null;
}

/** Calls `visit(node, source)` for every import and re-export with a literal source. */
function importVisitors(visit) {
  const report = (node, source) => typeof source === 'string' && visit(node, source);
  return {
    ImportDeclaration: (node) => report(node, node.source.value),
    ExportNamedDeclaration: (node) => node.source && report(node, node.source.value),
    ExportAllDeclaration: (node) => report(node, node.source.value),
    ImportExpression: (node) => node.source.type === 'Literal' && report(node, node.source.value),
  };
}

const directionRule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Enforce layer import directions' } },
  create(context) {
    return importVisitors((node, source) => {
      const message = check(context.filename, source);
      if (message) context.report({ node, message });
    });
  },
};

/**
 * The unit a file belongs to for cycles between units: a server module or a client feature. Files
 * elsewhere are only checked for cycles between files. A test file belongs to no unit: nothing
 * imports it, so a module's tests may use other modules without tying them together.
 */
const TEST_FILE = /\.test\.tsx?$/;

function unitIn(root) {
  return (file) => {
    if (TEST_FILE.test(file)) return null;
    const rel = path.relative(root, file).split(path.sep);
    const isUnit =
      (rel[0] === 'server' && rel[1] === 'modules') || (rel[0] === 'src' && rel[1] === 'features');
    return isUnit && rel.length > 3 ? rel.slice(0, 3).join('/') : null;
  };
}

/** One graph per project root and process: every linted file shares it. */
const graphs = new Map();

function graphFor(root) {
  let graph = graphs.get(root);
  if (!graph) {
    const resolveIn = createResolver(root);
    const resolve = (fromFile, source) => {
      try {
        return resolveIn(fromFile, source);
      } catch {
        return null;
      }
    };
    graph = createImportGraph({ root, resolve, group: unitIn(root) });
    graphs.set(root, graph);
  }
  return graph;
}

const cycleRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between files, server modules and client features' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const root = context.options[0]?.root ?? projectRoot;
    const graph = graphFor(root);
    graph.refresh();
    const file = context.filename;
    const name = (absolute) => path.relative(root, absolute).split(path.sep).join('/');
    return importVisitors((node, source) => {
      const target = graph.resolveExisting(file, source);
      if (!target) return;
      const files = graph.fileCycleThrough(file, target);
      if (files) {
        context.report({ node, message: `import cycle: ${files.map(name).join(' → ')}` });
        return;
      }
      const units = graph.groupCycleThrough(file, target);
      if (units) context.report({ node, message: `import cycle between ${units.join(' → ')}` });
    });
  },
};

export const importDirection = {
  rules: { 'import-direction': directionRule, 'no-import-cycles': cycleRule },
};
export { check as checkImportDirection, resolveImport };
