import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ContentGuidelines, ContentGuidelinesInput } from '#contract/content-guidelines.ts';

import { saveGuidelines } from './guidelines-outbox.ts';
import { contentGuidelinesQueries } from './queries.ts';
import { removeGuidelinesFile, uploadGuidelinesFile } from './requests.ts';

/** Saves the form; offline it is kept on this device (guidelines-writes.ts). The form shows errors. */
export function useSaveGuidelines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['content-guidelines', 'save'],
    mutationFn: (values: ContentGuidelinesInput) => saveGuidelines(values),
    // Offline is handled by the function itself: it keeps the write instead of waiting.
    networkMode: 'always',
    meta: { errorToast: false },
    onSuccess: async (result) => {
      if (result.status === 'sent') {
        queryClient.setQueryData(contentGuidelinesQueries.detail().queryKey, result.guidelines);
      }
      await queryClient.invalidateQueries({ queryKey: contentGuidelinesQueries.keptKey() });
    },
  });
}

function useFileMutation<T>(key: string, send: (input: T) => Promise<ContentGuidelines>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['content-guidelines', key],
    mutationFn: send,
    meta: { errorToast: false },
    onSuccess: (guidelines) =>
      queryClient.setQueryData(contentGuidelinesQueries.detail().queryKey, guidelines),
  });
}

export const useUploadGuidelinesFile = () =>
  useFileMutation('upload-file', (file: File) => uploadGuidelinesFile(file));
export const useRemoveGuidelinesFile = () =>
  useFileMutation('remove-file', () => removeGuidelinesFile());
