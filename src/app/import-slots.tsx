// The imports feature fills the domain screens' upload slots: the domains feature shows where a
// list belongs, the imports feature how it is uploaded and followed.
import { lazy } from 'react';

import { OpenedLazily } from '#src/components/opened-lazily.tsx';
import type {
  RenderImport,
  RenderUploadDialog,
} from '#src/features/domains/components/import-slots.ts';
import { ImportActions } from '#src/features/imports/components/import-actions.tsx';

export const renderImport: RenderImport = ({ target, file, status }) => (
  <div className="flex flex-col items-start gap-1.5">
    {/* A list imported earlier may no longer have its file: its status speaks for it. */}
    {file ? (
      <span className="break-all text-slate-800">{file.file_name}</span>
    ) : status ? null : (
      <span className="text-slate-600">Not uploaded</span>
    )}
    <ImportActions target={target} file={file} status={status} />
  </div>
);

// Loaded when first opened (decision 110).
const ImportUploadDialog = lazy(() =>
  import('#src/features/imports/components/import-upload-dialog.tsx').then((module) => ({
    default: module.ImportUploadDialog,
  })),
);

export const renderUploadDialog: RenderUploadDialog = (props) => (
  <OpenedLazily open={props.open}>
    {(isOpen) => <ImportUploadDialog {...props} open={isOpen} />}
  </OpenedLazily>
);
