import { useQueryClient } from '@tanstack/react-query';
import * as Comlink from 'comlink';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';

import { fileTooLargeMessage, MAX_UPLOAD_BYTES, sizeTexts } from '#contract/constants.ts';
import { hostnameToUnicode } from '#contract/idna.ts';
import { TEXT_FILE_TYPE_MESSAGE } from '#contract/text-content.ts';
import { Alert } from '#src/components/alert.tsx';
import { Button } from '#src/components/button.tsx';
import { Dialog } from '#src/components/dialog.tsx';
import { ProgressBar } from '#src/components/spinner.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { getImportsWorker } from '#src/lib/workers.ts';
import { cx } from '#src/utils/class-names.ts';
import type { DomainListPreview, ParseProgress } from '#workers/imports-api.ts';

import { refreshImportedLists } from '../api/queries.ts';
import {
  importKindLabel,
  importSubject,
  type ImportTarget,
  uploadImportFile,
} from '../import-target.ts';
import { trackImport } from '../storage.ts';

export const OFFLINE_UPLOAD_MESSAGE =
  'Uploading needs a connection. Your file stays chosen: upload it when you are back online.';
const UNREADABLE_MESSAGE = 'This file could not be read as a CSV file.';
const NOTHING_FOUND_MESSAGE = 'No domains were found in this file, so there is nothing to upload.';

const numberFormat = new Intl.NumberFormat('en-US');

type Phase =
  | { step: 'choose' }
  | { step: 'refused'; message: string }
  | { step: 'reading'; percent: number }
  | { step: 'preview'; preview: DomainListPreview }
  | { step: 'uploading'; preview: DomainListPreview; percent: number };

const percentOf = ({ loaded, total }: { loaded: number; total: number }) =>
  total > 0 ? (loaded / total) * 100 : 100;

function PreviewFigures({ preview }: { preview: DomainListPreview }) {
  const figures =
    preview.kind === 'competitors'
      ? [
          ['Competitors found', preview.competitors ?? 0],
          ['Competitor and referring domain pairs', preview.pairs ?? 0],
        ]
      : [['Domains found', preview.hostnames]];
  figures.push(['Duplicates dropped', preview.duplicates], ['Invalid rows', preview.invalidCount]);
  return (
    <div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {figures.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium text-slate-900 tabular-nums">
              {numberFormat.format(Number(value))}
            </dd>
          </div>
        ))}
      </dl>
      {preview.invalid.length > 0 ? (
        <div className="mt-3">
          <p className="text-sm font-medium text-slate-900">
            {invalidRowsTitle(preview.invalid.length, preview.invalidCount, preview.hostnames > 0)}
          </p>
          <ul
            aria-label="Invalid rows"
            // Long lists scroll: the list takes focus so the keyboard can scroll it too (WCAG 2.1.1).
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            className="mt-1 max-h-48 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2 text-sm"
          >
            {preview.invalid.map((row) => (
              <li key={`${row.line}:${row.column}`}>
                <span className="font-medium">
                  Line {row.line}, column {row.column}
                </span>{' '}
                <span className="break-all text-slate-700">“{row.value}”</span>: {row.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** What the list of invalid rows is: skipped when something is uploaded, the reasons otherwise. */
function invalidRowsTitle(shown: number, count: number, hasDomains: boolean): string {
  const rows = count > shown ? `First ${shown} invalid rows` : 'Invalid rows';
  return hasDomains ? `${rows}, which will be skipped` : `${rows}, and why`;
}

function UploadForm({ target, onClose }: { target: ImportTarget; onClose: () => void }) {
  const queryClient = useQueryClient();
  const isOnline = useOnlineStatus();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const [serverError, setServerError] = useState<string | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  // A newer choice wins over a file still being read.
  const readRun = useRef(0);
  const upload = useRef<AbortController | null>(null);

  useEffect(() => () => upload.current?.abort(), []);

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    const run = ++readRun.current;
    setFile(chosen);
    setServerError(null);
    if (chosen.size > MAX_UPLOAD_BYTES) {
      const texts = sizeTexts(chosen.size, MAX_UPLOAD_BYTES);
      setPhase({ step: 'refused', message: fileTooLargeMessage(texts.current, texts.allowed) });
      return;
    }
    setPhase({ step: 'reading', percent: 0 });
    const onProgress = (progress: ParseProgress) => {
      if (run === readRun.current) setPhase({ step: 'reading', percent: percentOf(progress) });
    };
    try {
      const preview = await getImportsWorker().parseDomainList(
        chosen,
        target.kind,
        Comlink.proxy(onProgress),
      );
      if (run === readRun.current) setPhase({ step: 'preview', preview });
    } catch (error) {
      // The worker's own refusal (not text) is worded as the server would word it.
      const message =
        error instanceof Error && error.message === TEXT_FILE_TYPE_MESSAGE
          ? TEXT_FILE_TYPE_MESSAGE
          : UNREADABLE_MESSAGE;
      if (run === readRun.current) setPhase({ step: 'refused', message });
    }
  };

  const send = async (preview: DomainListPreview) => {
    if (!file) return;
    const controller = new AbortController();
    upload.current = controller;
    setServerError(null);
    setPhase({ step: 'uploading', preview, percent: 0 });
    try {
      const uploaded = await uploadImportFile(target, file, {
        signal: controller.signal,
        onProgress: (progress) =>
          setPhase({ step: 'uploading', preview, percent: percentOf(progress) }),
      });
      if (uploaded.importStatus) {
        await trackImport({
          fileImportId: uploaded.importStatus.id,
          fileId: uploaded.fileId ?? '',
          type: target.kind,
          subject: importSubject(target),
        });
      }
      void refreshImportedLists(queryClient, { isFinished: false });
      onClose();
    } catch (error) {
      if (controller.signal.aborted) return;
      setServerError(error instanceof Error ? error.message : String(error));
      setPhase({ step: 'preview', preview });
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragging(false);
    void choose(event.dataTransfer.files[0]);
  };

  const preview = phase.step === 'preview' || phase.step === 'uploading' ? phase.preview : null;
  const isEmpty = preview !== null && preview.hostnames === 0;
  const canUpload = phase.step === 'preview' && isOnline && !isEmpty;

  return (
    <div className="space-y-4">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        className={cx(
          'rounded-xl border-2 border-dashed px-4 py-5 text-center text-sm',
          isDragging ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300',
        )}
      >
        <label htmlFor={inputId} className="block font-medium text-slate-900">
          Choose a CSV file or drop it here
        </label>
        <p className="mt-1 text-slate-600">
          {target.kind === 'referents'
            ? 'One domain or URL per row, or an export with a column named domain, referring domain, source URL or target.'
            : 'A competitor and a referring domain on each row, or columns named competitor and referring domain.'}
        </p>
        {/* The button opens the picker; the input itself stays out of sight and out of the tab order. */}
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          tabIndex={-1}
          accept=".csv,.txt,text/csv,text/plain"
          disabled={phase.step === 'uploading'}
          onChange={(event) => void choose(event.target.files?.[0])}
          className="sr-only"
        />
        <Button
          size="sm"
          variant="secondary"
          className="mt-3"
          data-autofocus
          disabled={phase.step === 'uploading'}
          onClick={() => inputRef.current?.click()}
        >
          {file ? 'Choose another file' : 'Choose file'}
        </Button>
        <p className="mt-2 break-all text-slate-700">
          {file ? (
            <>
              Chosen: <span className="font-medium">{file.name}</span>
            </>
          ) : (
            'No file chosen yet.'
          )}
        </p>
      </div>

      {phase.step === 'refused' ? <Alert>{phase.message}</Alert> : null}
      {phase.step === 'reading' ? (
        <div className="space-y-1.5">
          <p className="text-sm text-slate-700">Reading the file…</p>
          <ProgressBar value={phase.percent} label="Reading the file" />
        </div>
      ) : null}
      {preview ? <PreviewFigures preview={preview} /> : null}
      {isEmpty ? <Alert>{NOTHING_FOUND_MESSAGE}</Alert> : null}
      {phase.step === 'uploading' ? (
        <div className="space-y-1.5">
          <p className="text-sm text-slate-700">Uploading…</p>
          <ProgressBar value={phase.percent} label="Uploading the file" />
        </div>
      ) : null}
      {serverError ? <Alert title="The upload was refused">{serverError}</Alert> : null}
      {!isOnline ? <Alert variant="info">{OFFLINE_UPLOAD_MESSAGE}</Alert> : null}

      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={!canUpload}
          loading={phase.step === 'uploading'}
          onClick={() => preview && void send(preview)}
        >
          Upload {importKindLabel(target.kind)}
        </Button>
      </div>
    </div>
  );
}

export interface ImportUploadDialogProps {
  target: ImportTarget;
  open: boolean;
  onClose: () => void;
}

/**
 * The file uploader (spec §2): the file is checked for size before it is read, read in the
 * imports worker to show what it holds, then uploaded with progress and tracked until imported.
 */
export function ImportUploadDialog({ target, open, onClose }: ImportUploadDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={target.kind === 'referents' ? 'Upload referring domains' : 'Upload competitors'}
      description={
        target.kind === 'referents'
          ? `The sites that already link to ${hostnameToUnicode(target.hostname)}.`
          : `The competitors of ${hostnameToUnicode(target.hostname)} in the group ${target.groupName}, with the sites that link to them.`
      }
    >
      {/* The dialog unmounts its content once closed, so each opening starts afresh. */}
      <UploadForm target={target} onClose={onClose} />
    </Dialog>
  );
}
