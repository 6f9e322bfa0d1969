import { useId, useRef, useState } from 'react';

import {
  EMPTY_FILE_MESSAGE,
  fileTooLargeMessage,
  MAX_UPLOAD_BYTES,
  sizeTexts,
} from '#contract/constants.ts';
import { GUIDELINES_FILE_EXTENSIONS, type GuidelinesFile } from '#contract/content-guidelines.ts';
import { Button } from '#src/components/button.tsx';
import { Card, CardHeader } from '#src/components/card.tsx';
import { failureMessage } from '#src/lib/form-errors.ts';
import { toast } from '#src/lib/toast-store.ts';

import { useRemoveGuidelinesFile, useUploadGuidelinesFile } from '../api/mutations.ts';
import { fetchFilePreviewUrl } from '../api/requests.ts';

export const GUIDELINES_FILE_TYPE_MESSAGE =
  'The file must be a .doc, .docx, .txt or .pdf document.';
const ACCEPT = GUIDELINES_FILE_EXTENSIONS.join(',');

/** Why the file cannot be sent (spec §5: 20 MB, .doc/.docx/.txt/.pdf), or null. */
export function guidelinesFileProblem(file: File): string | null {
  if (file.size === 0) return EMPTY_FILE_MESSAGE;
  if (file.size > MAX_UPLOAD_BYTES) {
    const texts = sizeTexts(file.size, MAX_UPLOAD_BYTES);
    return fileTooLargeMessage(texts.current, texts.allowed);
  }
  const name = file.name.toLowerCase();
  if (!GUIDELINES_FILE_EXTENSIONS.some((extension) => name.endsWith(extension))) {
    return GUIDELINES_FILE_TYPE_MESSAGE;
  }
  return null;
}

/**
 * The custom guidelines file: uploaded or removed at once, on its own (it needs the connection;
 * decision 087). The server judges the type by the content, not the name.
 */
export function GuidelinesFileCard({
  file,
  isOnline,
}: {
  file: GuidelinesFile | null;
  isOnline: boolean;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadGuidelinesFile();
  const remove = useRemoveGuidelinesFile();

  const choose = (next: File | null) => {
    setChosen(next);
    setProblem(next ? guidelinesFileProblem(next) : null);
  };

  const send = async () => {
    if (!chosen || problem) return;
    try {
      await upload.mutateAsync(chosen);
      toast({
        title: 'Guidelines file uploaded',
        description: `${chosen.name} is attached to your content guidelines.`,
        variant: 'success',
      });
      setChosen(null);
      if (inputRef.current) inputRef.current.value = '';
    } catch (error) {
      setProblem(failureMessage(error));
    }
  };

  const drop = async () => {
    try {
      await remove.mutateAsync(undefined);
      toast({ title: 'Guidelines file removed', variant: 'success' });
    } catch (error) {
      setProblem(failureMessage(error));
    }
  };

  const open = async () => {
    if (!file) return;
    // Opened before the answer arrives, so the browser does not treat it as a pop-up.
    const tab = window.open('', '_blank');
    try {
      const url = await fetchFilePreviewUrl(file.id);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
    } catch (error) {
      tab?.close();
      toast({
        title: 'The file could not be opened',
        description: failureMessage(error),
        variant: 'destructive',
      });
    }
  };

  const describedBy = `${id}-note${problem ? ` ${id}-error` : ''}`;
  return (
    <Card>
      <CardHeader
        title="Custom guidelines file"
        description="Your own style guide for writers, sent with every order."
      />
      <div className="space-y-4 px-5 py-4">
        {file ? (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-slate-600">Current file:</span>
            <span className="font-medium break-all text-slate-900">{file.file_name}</span>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void open()}
              aria-label={`Open ${file.file_name} in a new tab`}
            >
              Open
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={drop}
              loading={remove.isPending}
              disabled={!isOnline}
            >
              Remove file
            </Button>
          </div>
        ) : (
          <p className="text-sm text-slate-600">No file uploaded.</p>
        )}
        <div className="space-y-1.5">
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            {file ? 'Replace with another file' : 'Upload a file'}
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <input
              ref={inputRef}
              id={id}
              type="file"
              accept={ACCEPT}
              disabled={!isOnline || upload.isPending}
              aria-invalid={problem ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => choose(event.target.files?.[0] ?? null)}
              className="block w-full min-w-0 flex-1 text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200 disabled:opacity-60"
            />
            <Button
              onClick={send}
              loading={upload.isPending}
              disabled={!chosen || Boolean(problem) || !isOnline}
            >
              Upload
            </Button>
          </div>
          <p id={`${id}-note`} className="text-xs text-slate-500">
            {isOnline
              ? '.doc, .docx, .txt or .pdf, at most 20 MB.'
              : 'Uploading a file needs a connection; it cannot wait on this device.'}
          </p>
          {problem ? (
            <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-600">
              {problem}
            </p>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
