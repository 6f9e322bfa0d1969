import { useRef, useState } from 'react';

import { Button } from '#src/components/button.tsx';
import { toast } from '#src/lib/toast-store.ts';

import {
  downloadText,
  exportFileName,
  type ExportProgress,
  fetchAllLinks,
  linksCsv,
} from '../csv-export.ts';
import type { LinkListFilter } from '../list-state.ts';

const figure = new Intl.NumberFormat('en-US');

/**
 * Exports every link of the current filter as a CSV file. While pages are fetched a progress bar
 * says how far it is, and the export can be cancelled.
 */
export function ExportLinksButton({
  filter,
  isDisabled,
  disabledReasonId,
}: {
  filter: LinkListFilter;
  isDisabled: boolean;
  disabledReasonId?: string;
}) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  const run = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ loaded: 0, total: 0 });
    try {
      const links = await fetchAllLinks(filter, setProgress, abort.signal);
      const fileName = exportFileName();
      downloadText(await linksCsv(links), fileName);
      toast({
        title: 'Export ready',
        description: `${figure.format(links.length)} ${links.length === 1 ? 'link' : 'links'} saved as ${fileName}.`,
        variant: 'success',
      });
    } catch (error) {
      if (!abort.signal.aborted) {
        toast({
          title: 'Export failed',
          description: error instanceof Error ? error.message : 'The links could not be exported.',
          variant: 'destructive',
        });
      }
    } finally {
      controller.current = null;
      setProgress(null);
    }
  };

  const isRunning = progress !== null;
  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          loading={isRunning}
          disabled={isDisabled}
          aria-describedby={isDisabled ? disabledReasonId : undefined}
          onClick={() => void run()}
        >
          {isRunning ? 'Exporting…' : 'Export CSV'}
        </Button>
        {isRunning ? (
          <Button variant="ghost" onClick={() => controller.current?.abort()}>
            Cancel export
          </Button>
        ) : null}
      </div>
      <div role="status" className="text-sm text-slate-600">
        {isRunning && progress.total > 0 ? (
          <span className="flex items-center gap-2">
            <progress
              value={progress.loaded}
              max={progress.total}
              aria-label="Export progress"
              className="h-2 w-32 accent-indigo-600"
            />
            Fetched {figure.format(progress.loaded)} of {figure.format(progress.total)} links
          </span>
        ) : null}
      </div>
    </div>
  );
}
