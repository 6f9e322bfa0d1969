import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

export const GENERIC_ERROR_TITLE = 'Something went wrong.';

/** The generic error notification (spec §8): a title, the error text, and OK to close. */
export function ErrorDialog({
  open,
  onClose,
  message,
  title = GENERIC_ERROR_TITLE,
}: {
  open: boolean;
  onClose: () => void;
  message?: string;
  title?: string;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={message}
      role="alertdialog"
      showCloseButton={false}
      footer={<Button onClick={onClose}>OK</Button>}
    />
  );
}
