import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { cx } from '../utils/class-names.ts';
import { Button } from './button.tsx';
import { AlertIcon, InboxIcon } from './icons.tsx';
import { Spinner } from './spinner.tsx';

interface StateBlockProps {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
}

export function EmptyState({ title, description, action, icon, className }: StateBlockProps) {
  return (
    <div
      className={cx(
        'flex flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white/60 px-6 py-12 text-center',
        className,
      )}
    >
      <div className="mb-3 flex size-11 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        {icon ?? <InboxIcon className="size-5" />}
      </div>
      <p className="text-sm font-semibold text-slate-900">{title}</p>
      {description ? <p className="mt-1 max-w-md text-sm text-slate-500">{description}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}

/**
 * Something an address names that does not exist (a mistyped or outdated link): retrying cannot
 * help, so instead of an error with a retry it offers the way back to the list it belongs to.
 */
export function NotFoundState({
  title,
  description,
  backTo,
  backLabel,
}: {
  title: string;
  description: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <EmptyState
      title={title}
      description={description}
      action={
        <Link to={backTo} className="font-medium text-indigo-700 hover:text-indigo-500">
          {backLabel}
        </Link>
      }
    />
  );
}

/** Tells screen readers what is loading while skeleton rows show it to sighted users. */
export function LoadingAnnouncement({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="sr-only">
      {children}
    </p>
  );
}

export function LoadingState({
  label = 'Loading…',
  className,
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      className={cx(
        'flex items-center justify-center gap-2 py-12 text-sm text-slate-500',
        className,
      )}
    >
      <Spinner className="size-5 text-indigo-600" />
      <span>{label}</span>
    </div>
  );
}

export function ErrorState({
  title = 'Something went wrong.',
  message,
  onRetry,
  className,
}: {
  title?: string;
  message?: string;
  onRetry?: () => void;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cx(
        'flex flex-col items-center justify-center rounded-xl border border-red-200 bg-red-50/60 px-6 py-10 text-center',
        className,
      )}
    >
      <div className="mb-3 flex size-11 items-center justify-center rounded-full bg-red-100 text-red-600">
        <AlertIcon className="size-5" />
      </div>
      <p className="text-sm font-semibold text-slate-900">{title}</p>
      {message ? <p className="mt-1 max-w-md text-sm text-slate-600">{message}</p> : null}
      {onRetry ? (
        <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
