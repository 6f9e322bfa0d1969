import { type FormEvent, type ReactNode, useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';

import {
  ArticleFormSchema,
  type Feedback,
  FeedbackBodySchema,
  REQUEST_EDITS_REASON_MAX_LENGTH,
  TopicBodySchema,
} from '#contract/order-items.ts';
import { Button } from '#src/components/button.tsx';
import { Dialog } from '#src/components/dialog.tsx';
import { FileField } from '#src/components/file-field.tsx';
import { TextAreaField, TextField } from '#src/components/text-field.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { zodResolver } from '#src/lib/schema-resolver.ts';
import { fileProblem } from '#src/utils/document-file.ts';
import { formatDate } from '#src/utils/format.ts';

import { FILE_NEEDS_CONNECTION_MESSAGE } from '../api/item-actions.ts';
import { RequestEditsFormSchema } from '../form-schemas.ts';
import { StoredFileLink } from './stored-file-link.tsx';

/** A form validated by one of the contract's schemas, handing over the schema's parsed output. */
function useSchemaForm<TInput extends FieldValues, TOutput extends FieldValues>(
  schema: z.ZodType<TOutput, TInput>,
  defaultValues: DefaultValues<TInput>,
) {
  return useForm<TInput, unknown, TOutput>({ resolver: zodResolver(schema), defaultValues });
}

/** What a dialog's submit answers: true when the change was made or kept for later. */
type Submit<T> = (value: T) => Promise<boolean>;

/** What every item dialog is given: the item it is about, and how to close and submit. */
interface ItemDialogProps<T> {
  open: boolean;
  itemNumber: string;
  onClose: () => void;
  onSubmit: Submit<T>;
}

export const OFFLINE_FILE_NOTE =
  'You are offline: the text is kept on this device and sent when the connection returns. A file needs the connection.';

function useFileState() {
  const isOnline = useOnlineStatus();
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const problem = fileProblem(file) ?? (file && !isOnline ? FILE_NEEDS_CONNECTION_MESSAGE : null);
  return {
    file,
    setFile: (next: File | null) => (setFile(next), setTouched(true)),
    problem,
    touched,
    isOnline,
  };
}

/** The optional document of an article or of content feedback; offline, only text can be kept. */
function OptionalFileField({
  label,
  files,
}: {
  label: string;
  files: ReturnType<typeof useFileState>;
}) {
  return (
    <FileField
      label={label}
      file={files.file}
      error={files.problem}
      note={files.isOnline ? '.doc, .docx, .txt or .pdf, at most 20 MB.' : OFFLINE_FILE_NOTE}
      onChange={files.setFile}
    />
  );
}

/** The body of every item dialog: its fields, then Cancel and the submit button. */
function DialogForm({
  onSubmit,
  onCancel,
  submitting,
  submitLabel,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      {children}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={submitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

export function TopicDialog({
  open,
  itemNumber,
  initial,
  onClose,
  onSubmit,
}: ItemDialogProps<string> & { initial: string }) {
  const form = useSchemaForm(TopicBodySchema, { content: initial });
  const submit = form.handleSubmit(async ({ content }) => {
    if (await onSubmit(content)) onClose();
  });
  return (
    <Dialog open={open} onClose={onClose} title={`Topic for item ${itemNumber}`}>
      <DialogForm
        onSubmit={submit}
        onCancel={onClose}
        submitting={form.formState.isSubmitting}
        submitLabel="Confirm"
      >
        <TextAreaField
          label="Topic"
          rows={5}
          {...form.register('content')}
          error={form.formState.errors.content?.message}
        />
      </DialogForm>
    </Dialog>
  );
}

export function ArticleLinkDialog({
  open,
  itemNumber,
  initial,
  onClose,
  onSubmit,
}: ItemDialogProps<{ link: string; file: File | null }> & { initial: string }) {
  const files = useFileState();
  const form = useSchemaForm(ArticleFormSchema, { link: initial });
  const submit = form.handleSubmit(async ({ link }) => {
    if (files.problem) return;
    if (await onSubmit({ link, file: files.file })) onClose();
  });
  return (
    <Dialog open={open} onClose={onClose} title={`Article for item ${itemNumber}`}>
      <DialogForm
        onSubmit={submit}
        onCancel={onClose}
        submitting={form.formState.isSubmitting}
        submitLabel="Confirm"
      >
        <TextField
          label="Article link"
          placeholder="https://docs.example.com/my-article"
          {...form.register('link')}
          error={form.formState.errors.link?.message}
        />
        <OptionalFileField label="Article file (optional)" files={files} />
      </DialogForm>
    </Dialog>
  );
}

export function FeedbackDialog({
  open,
  kind,
  itemNumber,
  onClose,
  onSubmit,
}: ItemDialogProps<{ feedback: string; file: File | null }> & { kind: 'topic' | 'content' }) {
  const files = useFileState();
  const form = useSchemaForm(FeedbackBodySchema, { feedback: '' });
  const submit = form.handleSubmit(async ({ feedback }) => {
    if (files.problem) return;
    if (await onSubmit({ feedback, file: files.file })) onClose();
  });
  const title = kind === 'topic' ? 'Topic feedback' : 'Content feedback';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`${title} for item ${itemNumber}`}
      description={
        kind === 'topic'
          ? 'Tell the publisher what to change; a new topic is proposed.'
          : 'Tell the publisher what to change in the article.'
      }
    >
      <DialogForm
        onSubmit={submit}
        onCancel={onClose}
        submitting={form.formState.isSubmitting}
        submitLabel="Send feedback"
      >
        <TextAreaField
          label="Feedback"
          rows={5}
          {...form.register('feedback')}
          error={form.formState.errors.feedback?.message}
        />
        {kind === 'content' ? <OptionalFileField label="File (optional)" files={files} /> : null}
      </DialogForm>
    </Dialog>
  );
}

/**
 * Asks the publisher of one or more live links for edits, saying what to change; the same words go
 * to every item's conversation.
 */
export function RequestEditDialog({
  open,
  itemNumbers,
  onClose,
  onSubmit,
}: Omit<ItemDialogProps<string>, 'itemNumber'> & { itemNumbers: string[] }) {
  const form = useSchemaForm(RequestEditsFormSchema, { reason: '' });
  const submit = form.handleSubmit(async ({ reason }) => {
    if (await onSubmit(reason)) onClose();
  });
  const isOne = itemNumbers.length === 1;
  const typed = form.watch('reason');
  return (
    <Dialog
      open={open}
      onClose={form.formState.isSubmitting ? () => undefined : onClose}
      title={isOne ? 'Request an edit' : 'Request edits'}
      description={`${isOne ? 'The publisher updates the published article.' : 'The publisher updates the published articles.'} ${isOne ? 'Item' : 'Items'}: ${itemNumbers.join(', ')}.`}
    >
      <DialogForm
        onSubmit={submit}
        onCancel={onClose}
        submitting={form.formState.isSubmitting}
        submitLabel={isOne ? 'Request an edit' : 'Request edits'}
      >
        <TextAreaField
          label="What should the publisher change?"
          description={
            isOne
              ? 'The publisher reads it in the item’s messages.'
              : 'The publisher reads it in each item’s messages.'
          }
          rows={5}
          counter={{ count: typed.trim().length, max: REQUEST_EDITS_REASON_MAX_LENGTH }}
          {...form.register('reason')}
          error={form.formState.errors.reason?.message}
        />
      </DialogForm>
    </Dialog>
  );
}

export function ViewFeedbackDialog({
  open,
  title,
  feedback,
  onClose,
}: {
  open: boolean;
  title: string;
  feedback: Feedback | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {feedback ? (
        <div className="space-y-3 text-sm text-slate-700">
          <p className="whitespace-pre-wrap">{feedback.text}</p>
          {feedback.file ? (
            <p>
              File: <StoredFileLink file={feedback.file} />
            </p>
          ) : null}
          <p className="text-xs text-slate-500">Sent on {formatDate(feedback.created_at)}</p>
        </div>
      ) : (
        <p className="text-sm text-slate-500">No feedback.</p>
      )}
    </Dialog>
  );
}
