import type { ESLint } from 'eslint';

export declare const importDirection: ESLint.Plugin;
export declare function checkImportDirection(fromFile: string, source: string): string | null;
