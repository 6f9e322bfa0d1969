import { Radio } from '@headlessui/react';
import type { ReactNode } from 'react';

import { cx } from '../utils/class-names.ts';

/**
 * One option of a radio group drawn as a card with its own dot; `className` sets how a disabled
 * option looks. Labels and descriptions inside belong to the enclosing Headless UI Field.
 */
export function RadioCard<T extends string>({
  value,
  className,
  isInitialFocus,
  children,
}: {
  value: T;
  className?: string;
  /** Marks the option a dialog opens on (`data-autofocus`). */
  isInitialFocus?: boolean;
  children: ReactNode;
}) {
  return (
    <Radio
      value={value}
      data-autofocus={isInitialFocus || undefined}
      className={cx(
        'group flex cursor-pointer gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm',
        'data-checked:border-indigo-600 data-checked:bg-indigo-50/60',
        // Not `data-focus` beside `focus:outline-none`: the latter came later in the stylesheet
        // and hid the ring.
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white group-data-checked:border-indigo-600 group-data-checked:bg-indigo-600"
      >
        <span className="size-1.5 rounded-full bg-white" />
      </span>
      <span className="min-w-0 flex-1">{children}</span>
    </Radio>
  );
}
