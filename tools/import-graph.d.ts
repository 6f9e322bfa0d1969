export interface ImportGraph {
  refresh(): void;
  fileCycleThrough(file: string, target: string): string[] | null;
  groupCycleThrough(file: string, target: string): string[] | null;
  fileCycles(): string[][];
  groupCycles(): string[][];
  resolveExisting(fromFile: string, source: string): string | null;
}

export declare function createImportGraph(options: {
  root: string;
  resolve: (fromFile: string, source: string) => string | null;
  group?: (file: string) => string | null;
}): ImportGraph;

export declare function listSourceFiles(target: string, found?: string[]): string[];
