import { lazy, useState } from 'react';

import type { BuyerDomain, ImportStatus } from '#contract/domains.ts';
import { hostnameToUnicode } from '#contract/idna.ts';
import { Button } from '#src/components/button.tsx';
import { OpenedLazily } from '#src/components/opened-lazily.tsx';

import { importKindLabel, type ImportTarget } from '../import-target.ts';
import { ImportStatusBadge } from './import-status-badge.tsx';

// Each domain row has these actions: the dialogs load when first opened (decision 110).
const ImportUploadDialog = lazy(() =>
  import('./import-upload-dialog.tsx').then((module) => ({ default: module.ImportUploadDialog })),
);
const ImportErrorsDialog = lazy(() =>
  import('./import-errors-dialog.tsx').then((module) => ({ default: module.ImportErrorsDialog })),
);

export interface ImportActionsProps {
  target: ImportTarget;
  /** The file uploaded last, if any: the button then offers to replace it. */
  file: BuyerDomain['referents_file'];
  status: ImportStatus | null;
}

/** An uploaded list's import state with its actions: upload or replace, and view errors. */
export function ImportActions({ target, file, status }: ImportActionsProps) {
  const [dialog, setDialog] = useState<'upload' | 'errors' | null>(null);
  const close = () => setDialog(null);
  const what = importKindLabel(target.kind);
  const owner = target.kind === 'referents' ? hostnameToUnicode(target.hostname) : target.groupName;
  const errors = status?.errors ?? [];
  const hasList = file !== null || status !== null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {/* Without any import the slot already says "Not uploaded". */}
      {status ? <ImportStatusBadge status={status} /> : null}
      <Button
        size="sm"
        variant="secondary"
        aria-label={`${hasList ? 'Replace' : 'Upload'} ${what} of ${owner}`}
        onClick={() => setDialog('upload')}
      >
        {hasList ? 'Replace' : 'Upload'}
      </Button>
      {errors.length > 0 ? (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`View errors of the ${what} of ${owner}`}
          onClick={() => setDialog('errors')}
        >
          View errors
        </Button>
      ) : null}
      <OpenedLazily open={dialog === 'upload'}>
        {(isOpen) => <ImportUploadDialog target={target} open={isOpen} onClose={close} />}
      </OpenedLazily>
      <OpenedLazily open={dialog === 'errors'}>
        {(isOpen) => (
          <ImportErrorsDialog
            open={isOpen}
            onClose={close}
            errors={errors}
            subject={`${what} of ${owner}`}
          />
        )}
      </OpenedLazily>
    </div>
  );
}
