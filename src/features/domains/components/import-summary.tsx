import type { ImportSlotProps } from './import-slots.ts';
import { ImportStatusBadge } from './import-status-badge.tsx';

/** An uploaded list's file name and import state, without upload actions. */
export function ImportSummary({ file, status }: Pick<ImportSlotProps, 'file' | 'status'>) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {file ? (
        <span className="break-all text-slate-800">{file.file_name}</span>
      ) : (
        <span className="text-slate-500">Not uploaded</span>
      )}
      {file || status ? <ImportStatusBadge status={status} /> : null}
    </div>
  );
}
