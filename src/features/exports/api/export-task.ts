/**
 * The site export (spec §4 "Export task", §8): create a task, poll it until it is completed,
 * then download its file. Each way it can go wrong has its own message.
 */
import { z } from 'zod';

import { endpointPath } from '#contract/endpoint.ts';
import { EXPORT_TASK_STATUSES, exportEndpoints } from '#contract/exports.ts';
import { fileEndpoints } from '#contract/files.ts';
import { trimEndOf } from '#contract/text-edges.ts';
import { apiClient, ApiError } from '#src/lib/api-client.ts';
import { getDeveloperSettings } from '#src/lib/developer-settings.ts';
import { saveFile } from '#src/lib/save-file.ts';
import { sessionStore } from '#src/lib/session-store.ts';

export const EXPORT_ERRORS = {
  noTaskId: 'Task ID not returned',
  failed: 'The task failed with an error',
  noFilePath: 'File path not found',
  unknownStatus: (status: string) => `Unknown status: ${status}`,
} as const;

export class ExportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportError';
  }
}

/**
 * The task as the app reads it: loosely, so that a missing id or an unexpected status has its own
 * message rather than a shape error. The endpoints are the contract's, read with this schema.
 */
const TaskAnswerSchema = z.object({
  id: z.string().optional(),
  status: z.string().optional(),
  progress: z.number().optional(),
  errors: z.array(z.string()).optional(),
  file: z.object({ id: z.string(), path: z.string().optional().nullable() }).nullable().optional(),
});
type TaskAnswer = z.infer<typeof TaskAnswerSchema>;

const createTask = { ...exportEndpoints.createTask, response: TaskAnswerSchema };
const getTask = { ...exportEndpoints.getTask, response: TaskAnswerSchema };

export interface ExportRequest {
  filter?: Record<string, unknown>;
  sorting?: Record<string, string>;
  /** Exactly these sites, in this order, instead of every site the filter finds. */
  ids?: string[];
}

export interface RunExportOptions {
  body: ExportRequest;
  pollIntervalMs: number;
  onProgress: (progress: number) => void;
  signal?: AbortSignal;
}

const known: ReadonlySet<string> = new Set(EXPORT_TASK_STATUSES);

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/** Runs the task to its end and returns the path of the file to download. */
export async function runExportTask({
  body,
  pollIntervalMs,
  onProgress,
  signal,
}: RunExportOptions): Promise<string> {
  const created = await apiClient.call(createTask, { body, signal });
  if (!created.id) throw new ExportError(EXPORT_ERRORS.noTaskId);
  let task: TaskAnswer = created;
  for (;;) {
    const status = task.status ?? '';
    if (!known.has(status)) throw new ExportError(EXPORT_ERRORS.unknownStatus(status));
    onProgress(task.progress ?? 0);
    if (status === 'failed') throw new ExportError(EXPORT_ERRORS.failed);
    if (status === 'completed') break;
    await wait(pollIntervalMs, signal);
    task = await apiClient.call(getTask, { params: { id: created.id }, signal });
  }
  if (!task.file) throw new ExportError(EXPORT_ERRORS.noFilePath);
  // A file named by its id alone is downloaded from the files endpoint, which answers its bytes.
  return task.file.path || endpointPath(fileEndpoints.download.path, { id: task.file.id });
}

/** A file path from the API as a URL: absolute paths and /api paths as given, others under the base. */
export function fileUrl(path: string): string {
  if (/^https?:\/\//.test(path) || path.startsWith('/api/')) return path;
  const base = trimEndOf(getDeveloperSettings().apiBaseUrl, '/');
  return `${base}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** Downloads a file that needs the access token and hands it to the browser as a download. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const headers = new Headers();
  const token = sessionStore.read().accessToken;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const origin = getDeveloperSettings().customHeaderXOrigin;
  if (origin) headers.set('X-Origin', origin);
  const response = await fetch(fileUrl(path), { headers, credentials: 'same-origin' });
  if (!response.ok) throw new ApiError(response.status, await response.text().catch(() => ''));
  saveFile(await response.blob(), fileName);
}
