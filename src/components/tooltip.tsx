import { type ReactNode, useId } from 'react';

import { cx } from '../utils/class-names.ts';

/**
 * A hover/focus tooltip shown after a short delay; the trigger is described by it for assistive
 * technology. The trigger must be focusable (a button or a link) for keyboard users.
 */
export function Tooltip({
  content,
  children,
  className,
}: {
  content: ReactNode;
  children: (describedBy: string) => ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <span className={cx('group/tooltip relative inline-flex', className)}>
      {children(id)}
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none invisible absolute bottom-full left-1/2 z-30 mb-1.5 w-max max-w-64 -translate-x-1/2 rounded-md bg-slate-900 px-2 py-1 text-xs font-normal whitespace-normal text-white opacity-0 shadow-lg transition-opacity delay-200 group-focus-within/tooltip:visible group-focus-within/tooltip:opacity-100 group-hover/tooltip:visible group-hover/tooltip:opacity-100"
      >
        {content}
      </span>
    </span>
  );
}
