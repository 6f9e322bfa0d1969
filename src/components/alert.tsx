import type { ReactNode } from 'react';

import { cx } from '../utils/class-names.ts';
import { AlertIcon, CheckCircleIcon } from './icons.tsx';

type AlertVariant = 'error' | 'success' | 'info';

const styles: Record<AlertVariant, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  info: 'border-indigo-200 bg-indigo-50 text-indigo-800',
};

/** An inline message; errors use role=alert so they are announced when they appear. */
export function Alert({
  variant = 'error',
  title,
  children,
  className,
}: {
  variant?: AlertVariant;
  title?: string;
  children?: ReactNode;
  className?: string;
}) {
  const Icon = variant === 'success' ? CheckCircleIcon : AlertIcon;
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cx('flex gap-3 rounded-lg border px-3.5 py-3 text-sm', styles[variant], className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">
        {title ? <p className="font-medium">{title}</p> : null}
        {children ? <div className={title ? 'mt-0.5' : undefined}>{children}</div> : null}
      </div>
    </div>
  );
}
