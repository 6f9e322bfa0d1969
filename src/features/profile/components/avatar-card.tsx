import { type ChangeEvent, useRef, useState } from 'react';

import { AVATAR_TYPE_MESSAGE, MAX_AVATAR_BYTES } from '#contract/avatars.ts';
import { fileTooLargeMessage, sizeTexts } from '#contract/constants.ts';
import type { BuyerProfile } from '#contract/profile.ts';
import { Alert } from '#src/components/alert.tsx';
import { Button } from '#src/components/button.tsx';
import { Card, CardHeader } from '#src/components/card.tsx';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';

import { useDeleteAvatar } from '../api/avatar-mutations.ts';
import { AvatarCropDialog } from './avatar-crop-dialog.tsx';
import { PersonAvatar } from './person-avatar.tsx';

const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** The buyer's picture: upload (cropped to a square first), replace or remove. */
export function AvatarCard({ profile }: { profile: BuyerProfile }) {
  const input = useRef<HTMLInputElement>(null);
  const pictureButton = useRef<HTMLButtonElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const remove = useDeleteAvatar();

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a cancel.
    event.target.value = '';
    if (!file) return;
    if (!ACCEPTED_TYPES.includes(file.type)) {
      setChoiceError(AVATAR_TYPE_MESSAGE);
      return;
    }
    if (file.size > MAX_AVATAR_BYTES) {
      const texts = sizeTexts(file.size, MAX_AVATAR_BYTES);
      setChoiceError(fileTooLargeMessage(texts.current, texts.allowed));
      return;
    }
    setChoiceError(null);
    setChosen(file);
  };

  return (
    <Card>
      <CardHeader title="Picture" description="PNG, JPEG or WebP, up to 5 MB." />
      <div className="flex flex-wrap items-center gap-4 px-5 py-4">
        <PersonAvatar person={profile} size="xl" />
        <div className="flex flex-wrap gap-2">
          <Button ref={pictureButton} variant="secondary" onClick={() => input.current?.click()}>
            {profile.avatar_file ? 'Change picture' : 'Upload picture'}
          </Button>
          {profile.avatar_file ? (
            <Button variant="ghost" onClick={() => setConfirmRemove(true)}>
              Remove picture
            </Button>
          ) : null}
        </div>
        <input
          ref={input}
          type="file"
          accept={ACCEPTED_TYPES.join(',')}
          tabIndex={-1}
          aria-label="Picture file"
          className="sr-only"
          // Hidden, so never where focus should rest: the browser gives focus back to it when its
          // file picker closes, and a dialog closing gives it back to the last element focused.
          onFocus={() => pictureButton.current?.focus()}
          onChange={onChoose}
        />
      </div>
      {choiceError ? (
        <div className="px-5 pb-4">
          <Alert title="This file cannot be used">{choiceError}</Alert>
        </div>
      ) : null}
      <AvatarCropDialog file={chosen} onClose={() => setChosen(null)} />
      <ConfirmDialog
        open={confirmRemove}
        onClose={() => setConfirmRemove(false)}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirmRemove(false) })}
        title="Remove your picture?"
        description="Your initials are shown instead."
        confirmLabel="Remove"
        destructive
        pending={remove.isPending}
      />
    </Card>
  );
}
