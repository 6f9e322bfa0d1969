import { useImportTracker } from '../hooks/use-import-tracker.ts';

/** Mounted once in the signed-in layout: follows uploads until their import finishes. */
export function ImportTracker() {
  useImportTracker();
  return null;
}
