// Every regular expression written in the project's code, found with the TypeScript parser (not
// a text search, so regexes inside strings, comments or templates are not mistaken for code):
// regex literals, and `new RegExp(...)` / `RegExp(...)` whose pattern is a literal string.
// Constructions from a computed string are listed apart, so a check can refuse or review them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

export interface FoundPattern {
  file: string;
  line: number;
  source: string;
  flags: string;
}

export interface FoundPatterns {
  patterns: FoundPattern[];
  /** `new RegExp(x)` with a pattern that is not a literal: where it is, and its text. */
  computed: { file: string; line: number; text: string }[];
}

const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'coverage']);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRECTORIES.has(entry.name) ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function literalText(node: ts.Node | undefined): string | undefined {
  if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) {
    return node.text;
  }
  return undefined;
}

function isRegExpConstructor(node: ts.Node): node is ts.NewExpression | ts.CallExpression {
  return (
    (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === 'RegExp'
  );
}

/** The patterns of every .ts/.tsx file under the given directories of `root`. */
export function findPatterns(root: string, directories: readonly string[]): FoundPatterns {
  const found: FoundPatterns = { patterns: [], computed: [] };
  for (const file of directories.flatMap((directory) => sourceFiles(path.join(root, directory)))) {
    const text = readFileSync(file, 'utf8');
    const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
    const relative = path.relative(root, file).split(path.sep).join('/');
    const lineOf = (node: ts.Node) =>
      sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const literal = node.getText(sourceFile);
        const end = literal.lastIndexOf('/');
        found.patterns.push({
          file: relative,
          line: lineOf(node),
          source: literal.slice(1, end),
          flags: literal.slice(end + 1),
        });
      } else if (isRegExpConstructor(node)) {
        const [patternArgument, flagsArgument] = node.arguments ?? [];
        const source = literalText(patternArgument);
        const flags = flagsArgument === undefined ? '' : literalText(flagsArgument);
        if (source !== undefined && flags !== undefined) {
          found.patterns.push({ file: relative, line: lineOf(node), source, flags });
        } else if (patternArgument && !ts.isRegularExpressionLiteral(patternArgument)) {
          found.computed.push({
            file: relative,
            line: lineOf(node),
            text: node.getText(sourceFile),
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return found;
}
