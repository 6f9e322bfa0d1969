// What the domain screens hand to the upload and import-tracking components, which the route fills
// in: the domains feature shows where an import belongs, the imports feature how it runs.
import type { ReactNode } from 'react';

import type { BuyerDomain } from '#contract/domains.ts';

export type ImportTarget =
  | { kind: 'referents'; domainId: string; hostname: string }
  | { kind: 'competitors'; groupId: string; groupName: string; hostname: string };

export interface ImportSlotProps {
  target: ImportTarget;
  file: BuyerDomain['referents_file'];
  status: BuyerDomain['import_status'];
}

export interface UploadDialogSlotProps {
  target: ImportTarget;
  open: boolean;
  onClose: () => void;
}

/** A row's uploaded file, its import state and its actions. */
export type RenderImport = (props: ImportSlotProps) => ReactNode;
/** The file uploader for one target. */
export type RenderUploadDialog = (props: UploadDialogSlotProps) => ReactNode;
