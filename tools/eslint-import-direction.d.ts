import type { ESLint } from 'eslint';

export declare const importDirection: ESLint.Plugin;
export declare function checkImportDirection(fromFile: string, source: string): string | null;
export declare function resolveImport(fromFile: string, source: string): string | null;
