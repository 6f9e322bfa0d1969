import { useEffect, useId, useRef, useState } from 'react';

import { Button } from '#src/components/button.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { toast } from '#src/lib/toast-store.ts';

import type { ExportRequest } from '../api/export-task.ts';

/** How often a running export is asked for its progress. */
export const EXPORT_POLL_INTERVAL_MS = 1000;

export interface ExportButtonProps {
  /** The catalogue's current filter and sorting, as sent to the list. */
  getRequest: () => Promise<ExportRequest>;
  /** The rows the buyer ticked: with some, a second button exports exactly those. */
  selectedIds?: readonly string[];
  pollIntervalMs?: number;
  fileName?: string;
}

/**
 * Exports the filtered catalogue to a file, or only the rows ticked: a progress bar while the task
 * runs, then a download.
 */
export function ExportButton({
  getRequest,
  selectedIds = [],
  pollIntervalMs = EXPORT_POLL_INTERVAL_MS,
  fileName = 'sites.csv',
}: ExportButtonProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const isOnline = useOnlineStatus();
  const offlineId = useId();

  useEffect(() => () => abort.current?.abort(), []);

  const start = async (ids: readonly string[] | null) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setError(null);
    setProgress(0);
    try {
      // The task's polling and its schemas load with the first export, not with the catalogue.
      const { downloadFile, runExportTask } = await import('../api/export-task.ts');
      const request = await getRequest();
      const path = await runExportTask({
        body: ids ? { ...request, ids: [...ids] } : request,
        pollIntervalMs,
        onProgress: setProgress,
        signal: controller.signal,
      });
      await downloadFile(path, fileName);
      toast({
        title: 'Export ready',
        description: 'The file is being downloaded.',
        variant: 'success',
      });
    } catch (failure) {
      if (controller.signal.aborted) return;
      setError(failure instanceof Error ? failure.message : 'Something went wrong.');
    } finally {
      if (!controller.signal.aborted) setProgress(null);
    }
  };

  const isRunning = progress !== null;
  const buttonProps = {
    size: 'sm',
    variant: 'secondary',
    loading: isRunning,
    disabled: !isOnline && !isRunning,
    'aria-describedby': isOnline ? undefined : offlineId,
  } as const;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button {...buttonProps} onClick={() => void start(null)}>
        Export
      </Button>
      {selectedIds.length > 0 ? (
        <Button {...buttonProps} onClick={() => void start(selectedIds)}>
          Export selected ({selectedIds.length})
        </Button>
      ) : null}
      {isOnline ? null : (
        <span id={offlineId} className="text-xs text-slate-600">
          Needs a connection
        </span>
      )}
      {isRunning ? (
        <div
          role="progressbar"
          aria-label="Export progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="h-2 w-24 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-indigo-600 transition-[width]"
            style={{ width: `${progress}%` }}
          />
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
