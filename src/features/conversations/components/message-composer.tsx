import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';

import {
  MESSAGE_MAX_LENGTH,
  MessageBodySchema,
  MessageFormSchema,
} from '#contract/conversations.ts';
import { errorText } from '#contract/error-text.ts';
import { Button } from '#src/components/button.tsx';
import { FileField } from '#src/components/file-field.tsx';
import { TextAreaField } from '#src/components/text-field.tsx';
import { useMediaQuery } from '#src/hooks/use-media-query.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { fileProblem } from '#src/utils/document-file.ts';

import { useSendMessage } from '../api/mutations.ts';
import { useMessageDraft } from '../hooks/use-message-draft.ts';

/** The count of characters shows from this many on. */
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 500;

/**
 * The field to write to the publisher, at the bottom of the thread. Its draft is kept on this
 * device until sent; a message is sent at once, or kept while offline and sent on reconnection.
 */
export function MessageComposer({ itemId, itemNumber }: { itemId: string; itemNumber: string }) {
  const [draft, setDraft] = useMessageDraft(itemId);
  const [fieldError, setFieldError] = useState<string>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  // A new native input each time the document is sent or removed: it keeps its file otherwise.
  const [fileInputKey, setFileInputKey] = useState(0);
  // On a phone the field is shorter and the keyboard shortcut is not told, so that the thread
  // stays in view above the on-screen keyboard.
  const isWide = useMediaQuery('(min-width: 640px)');
  const hasShortcut = useMediaQuery('(pointer: fine)');
  const [failure, setFailure] = useState<string>();
  // One key per message: a try again of the same text and document after a lost answer is the
  // same message.
  const attempt = useRef<{ text: string; file: File | null; key: string } | null>(null);
  const send = useSendMessage();

  const submit = () => {
    if (send.isPending) return;
    setFailure(undefined);
    // With a document, the text may be left out.
    const parsed = (file ? MessageFormSchema : MessageBodySchema).safeParse({ text: draft });
    const problem = fileProblem(file);
    setFileError(problem);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    if (problem) return;
    const text = parsed.data.text ?? '';
    if (attempt.current?.text !== text || attempt.current.file !== file)
      attempt.current = { text, file, key: crypto.randomUUID() };
    send.mutate(
      {
        message: { itemId, itemNumber, text, ...(file ? { file } : {}) },
        idempotencyKey: attempt.current.key,
      },
      {
        onSuccess: () => {
          attempt.current = null;
          setDraft('');
          setFile(null);
          setFileInputKey((key) => key + 1);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422)
            setFieldError(errorText(error.body));
          else setFailure(error instanceof ApiError ? errorText(error.body) : error.message);
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex w-full flex-col gap-2">
      <TextAreaField
        label="Message to the publisher"
        description={hasShortcut ? 'Plain text. Ctrl+Enter (⌘+Enter on a Mac) sends.' : undefined}
        rows={isWide ? 3 : 2}
        // Where there is a keyboard, the sheet opens on the field; a phone's would hide the thread.
        data-autofocus={hasShortcut || undefined}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          if (fieldError) setFieldError(undefined);
        }}
        onKeyDown={onKeyDown}
        error={fieldError}
        counter={
          draft.length >= COUNTER_FROM
            ? { count: draft.length, max: MESSAGE_MAX_LENGTH }
            : undefined
        }
      />
      <FileField
        key={fileInputKey}
        label="Document (optional)"
        note=".doc, .docx, .txt or .pdf, up to 20 MB."
        file={file}
        error={fileError}
        onChange={(chosen) => {
          setFile(chosen);
          setFileError(fileProblem(chosen));
        }}
      />
      {file ? (
        <Button
          type="button"
          size="sm"
          variant="ghost"
          className="self-start"
          onClick={() => {
            setFile(null);
            setFileError(null);
            setFileInputKey((key) => key + 1);
          }}
        >
          Remove {file.name}
        </Button>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          The message was not sent: {failure}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" loading={send.isPending}>
          Send
        </Button>
      </div>
    </form>
  );
}
