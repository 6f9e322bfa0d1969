// ESLint rule enforcing the import directions of the architecture guide:
// contract <- server; contract <- workers <- src; inside src: utils/config/lib/components <- features <- app;
// a feature never imports another feature.
import path from 'node:path';

/** The only packages the shared contract may use: schemas and the query-string codec. */
const CONTRACT_PACKAGES = new Set(['zod', 'qs']);

const root = path.resolve(import.meta.dirname, '..');

/** Where a file lives: { area, sub, feature } relative to the project root. */
function locate(absolute) {
  const rel = path.relative(root, absolute).split(path.sep);
  const [area = '', sub = '', feature = ''] = rel;
  return { area, sub, feature, absolute };
}

/**
 * The allow-list of what one feature may use of another: its query-key factory and query
 * options (`api/queries.ts`), so a feature can read or invalidate another's data without
 * reaching into its components, hooks or storage.
 */
const PUBLIC_FEATURE_FILES = ['api/queries.ts'];

function isPublicQueries(absolute) {
  const rel = path.relative(root, absolute).split(path.sep);
  const inner = rel.slice(3).join('/');
  return PUBLIC_FEATURE_FILES.includes(inner);
}

function check(fromFile, source) {
  const from = locate(fromFile);
  const isRelative = source.startsWith('.');
  if (!isRelative) {
    if (from.area === 'contract' && !CONTRACT_PACKAGES.has(source.split('/')[0])) {
      return 'contract/ imports nothing but zod and qs';
    }
    return null;
  }
  const to = locate(path.resolve(path.dirname(fromFile), source));
  const forbidden = {
    contract: ['src', 'server', 'workers', 'src-sw'],
    server: ['src', 'workers', 'src-sw'],
    workers: ['src', 'server', 'src-sw'],
    'src-sw': ['src', 'server', 'workers'],
    src: ['server', 'src-sw'],
  }[from.area];
  if (forbidden?.includes(to.area)) return `${from.area}/ must not import from ${to.area}/`;
  if (from.area === 'src' && to.area === 'src') {
    const lower = ['utils', 'config', 'lib', 'hooks', 'components'];
    if (lower.includes(from.sub) && (to.sub === 'features' || to.sub === 'app')) {
      return `src/${from.sub} must not import from src/${to.sub}`;
    }
    if (from.sub === 'features' && to.sub === 'app')
      return 'a feature must not import from src/app';
    if (
      from.sub === 'features' &&
      to.sub === 'features' &&
      from.feature !== to.feature &&
      !isPublicQueries(to.absolute)
    ) {
      return `feature "${from.feature}" must not import feature "${to.feature}"; compose them in src/app`;
    }
  }
  return null;
}

const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Enforce layer import directions' } },
  create(context) {
    const report = (node, source) => {
      if (typeof source !== 'string') return;
      const message = check(context.filename, source);
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => report(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && report(node, node.source.value),
      ExportAllDeclaration: (node) => report(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && report(node, node.source.value),
    };
  },
};

export const importDirection = { rules: { 'import-direction': rule } };
export { check as checkImportDirection };
