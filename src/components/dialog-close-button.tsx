import { cx } from '../utils/class-names.ts';
import { CloseIcon } from './icons.tsx';

/** The corner "Close" button of dialogs and side sheets; its accessible name is "Close". */
export function DialogCloseButton({
  onClose,
  className,
}: {
  onClose: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClose}
      className={cx(
        'rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600',
        className,
      )}
    >
      <CloseIcon className="size-5" />
      <span className="sr-only">Close</span>
    </button>
  );
}
