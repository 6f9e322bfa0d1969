export const SERVER_OUT_DIR: string;
export const SERVER_ENTRY: string;
export const MIGRATE_ENTRY: string;
export const SERVER_INPUTS: string[];
export function buildServer(): Promise<void>;
