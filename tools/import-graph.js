// The project's file-level import graph, for finding import cycles from inside a per-file lint
// rule (decision 050). The graph is read from disk once per process and then kept current by
// file modification times, so an editor's long-running ESLint sees edits without a restart.
import fs from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

const SOURCE_FILE = /\.(ts|tsx|mts|js|mjs)$/;
const SKIPPED_DIRECTORIES = new Set([
  'node_modules',
  'dist',
  'data',
  'coverage',
  'test-results',
  'playwright-report',
  'migrations',
]);
/** How long a directory listing is trusted before new and deleted files are looked for again. */
const LISTING_TTL_MS = 5_000;

/** The source files at `target`: the file itself, or every one below the directory. */
export function listSourceFiles(target, found = []) {
  if (!fs.statSync(target).isDirectory()) {
    if (SOURCE_FILE.test(target) && !target.endsWith('.d.ts')) found.push(target);
    return found;
  }
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_DIRECTORIES.has(entry.name)) continue;
    listSourceFiles(path.join(target, entry.name), found);
  }
  return found;
}

/** The file an import lands on, or null for a package or a file that does not exist. */
function existingFile(absolute) {
  for (const candidate of [absolute, `${absolute}.ts`, `${absolute}.tsx`, `${absolute}/index.ts`]) {
    if (fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return null;
}

/**
 * Tarjan's strongly connected components of `edges` (node → targets): node → component id, for
 * the nodes that lie on a cycle.
 */
function cyclicComponents(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const of = new Map();
  let counter = 0;
  let id = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of edges.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node), index.get(target)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const members = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      members.push(member);
    } while (member !== node);
    if (members.length > 1 || edges.get(node)?.has(node)) {
      for (const each of members) of.set(each, id);
      id += 1;
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return of;
}

/**
 * The shortest way from `from` through its edge to `to` back to `from`, inside one component, as
 * the list of nodes starting and ending with `from`; null when that edge closes no cycle.
 */
function cycleThrough(edges, of, from, to) {
  const component = of.get(from);
  if (component === undefined || of.get(to) !== component) return null;
  const previous = new Map([[to, null]]);
  const queue = [to];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === from) break;
    for (const next of edges.get(current) ?? []) {
      if (of.get(next) === component && !previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  if (!previous.has(from)) return null;
  const way = [];
  for (let step = from; step !== null; step = previous.get(step)) way.unshift(step);
  return [from, ...way];
}

function groupMembers(of) {
  const grouped = new Map();
  for (const [node, component] of of)
    grouped.set(component, [...(grouped.get(component) ?? []), node]);
  return [...grouped.values()].map((members) => members.sort());
}

/**
 * @param {{
 *   root: string,
 *   resolve: (fromFile: string, source: string) => string | null,
 *   group?: (file: string) => string | null,
 * }} options
 *   `resolve` turns an import specifier into an absolute path, or null for a package; `group`
 *   names the unit a file belongs to (a server module, a client feature), so that cycles between
 *   units are found as well as cycles between files.
 */
export function createImportGraph({ root, resolve, group = () => null }) {
  /** file → { mtimeMs, targets } */
  const nodes = new Map();
  let files = [];
  let listedAt = -Infinity;
  let version = 0;
  let analysed = null;

  function read(file) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = new Set();
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      const absolute = resolve(file, fileName);
      const target = absolute && existingFile(absolute);
      if (target) targets.add(target);
    }
    return targets;
  }

  function refresh() {
    const now = Date.now();
    if (now - listedAt > LISTING_TTL_MS) {
      files = listSourceFiles(root);
      listedAt = now;
      const listed = new Set(files);
      for (const file of nodes.keys()) {
        if (!listed.has(file)) {
          nodes.delete(file);
          version += 1;
        }
      }
    }
    for (const file of files) {
      const mtimeMs = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
      if (mtimeMs === undefined || nodes.get(file)?.mtimeMs === mtimeMs) continue;
      nodes.set(file, { mtimeMs, targets: read(file) });
      version += 1;
    }
  }

  /** The file and unit graphs with their cyclic components, computed once per version. */
  function analyse() {
    if (analysed?.version === version) return analysed;
    const fileEdges = new Map([...nodes].map(([file, node]) => [file, node.targets]));
    const groupEdges = new Map();
    for (const [file, targets] of fileEdges) {
      const from = group(file);
      if (from === null) continue;
      for (const target of targets) {
        const to = group(target);
        if (to === null || to === from) continue;
        groupEdges.set(from, (groupEdges.get(from) ?? new Set()).add(to));
      }
    }
    analysed = {
      version,
      fileEdges,
      fileComponents: cyclicComponents(fileEdges),
      groupEdges,
      groupComponents: cyclicComponents(groupEdges),
    };
    return analysed;
  }

  return {
    refresh,
    /**
     * The shortest file cycle from `file` through its import of `target` back to `file`, as
     * absolute paths starting and ending with `file`; null when there is none.
     */
    fileCycleThrough(file, target) {
      const { fileEdges, fileComponents } = analyse();
      return cycleThrough(fileEdges, fileComponents, file, target);
    },
    /**
     * The shortest cycle of units that `file`'s import of `target` takes part in, as unit names
     * starting and ending with the unit of `file`; null when the import stays inside one unit or
     * closes no cycle.
     */
    groupCycleThrough(file, target) {
      const from = group(file);
      const to = group(target);
      if (from === null || to === null || from === to) return null;
      const { groupEdges, groupComponents } = analyse();
      return cycleThrough(groupEdges, groupComponents, from, to);
    },
    /** Every file cycle, one sorted list of files per strongly connected component. */
    fileCycles: () => groupMembers(analyse().fileComponents),
    /** Every unit cycle, one sorted list of unit names per strongly connected component. */
    groupCycles: () => groupMembers(analyse().groupComponents),
    resolveExisting(fromFile, source) {
      const absolute = resolve(fromFile, source);
      return absolute && existingFile(absolute);
    },
  };
}
