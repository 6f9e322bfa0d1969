export interface ManifestChunk {
  file: string;
  /** The chunk's name (a shared chunk is keyed by its hashed file name instead). */
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  assets?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface PageBudget {
  page: string;
  budgetKiB: number;
  /** The goal when the budget is still above it; reported, not enforced. */
  targetKiB?: number;
  /** Manifest keys: source paths, or `chunk:<name>` for a shared chunk. */
  roots: string[];
  afterFirstPaint: string[];
  workers: string[];
}

export interface BudgetResult {
  page: string;
  budgetKiB: number;
  targetKiB?: number;
  scripts: { file: string; gzipBytes: number }[];
  totalBytes: number;
  isOverBudget: boolean;
}

export const BUDGETS: PageBudget[];
export function manifestKey(manifest: Manifest, key: string): string;
export function staticClosure(manifest: Manifest, keys: string[]): string[];
export function workerAssets(manifest: Manifest, files: string[]): string[];
export function relativeImports(code: string): string[];
export function pageScripts(
  manifest: Manifest,
  budget: PageBudget,
  readFile: (file: string) => string,
): string[];
export function checkBudgets(
  manifest: Manifest,
  budgets: PageBudget[],
  io: { gzipSize: (file: string) => number; readFile: (file: string) => string },
): BudgetResult[];
export function formatReport(results: BudgetResult[]): string;
