import { useState } from 'react';

import { apiUrl } from '#src/lib/api-client.ts';
import { MUTATION_ERROR_TITLE } from '#src/lib/query-client.ts';
import { toast } from '#src/lib/toast-store.ts';

import { downloadStoredFile, fetchPreviewPath } from '../api/requests.ts';

/** A preview path from the API, resolved against the API's own origin. */
function previewUrl(path: string): string {
  return new URL(path, new URL(apiUrl('/'), window.location.href)).href;
}

/**
 * A stored file (invoice, credit note, feedback file): the name downloads it with the access
 * token; 'Preview' opens the signed preview link in a new tab. A failed preview is only logged.
 */
export function StoredFileLink({
  file,
  label,
}: {
  file: { id: string; file_name: string; title?: string | null };
  label?: string;
}) {
  const [isBusy, setBusy] = useState(false);
  const name = label ?? file.title ?? file.file_name;
  const download = async () => {
    setBusy(true);
    try {
      await downloadStoredFile(file);
    } catch (error) {
      toast({
        title: MUTATION_ERROR_TITLE,
        description: error instanceof Error ? error.message : 'The file could not be downloaded.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  const preview = async () => {
    // Opened before the answer arrives, so the browser does not treat it as a pop-up.
    const tab = window.open('', '_blank');
    try {
      const path = await fetchPreviewPath(file.id);
      if (tab) {
        tab.opener = null;
        tab.location.href = previewUrl(path);
      } else {
        window.open(previewUrl(path), '_blank', 'noopener');
      }
    } catch (error) {
      tab?.close();
      console.error('File preview failed', error);
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={() => void download()}
        disabled={isBusy}
        aria-busy={isBusy || undefined}
        className="font-medium text-indigo-700 underline-offset-2 hover:underline disabled:opacity-60"
      >
        {name}
      </button>
      <button
        type="button"
        onClick={() => void preview()}
        aria-label={`Preview ${name}`}
        className="text-xs text-slate-500 hover:text-slate-800"
      >
        Preview
      </button>
    </span>
  );
}
