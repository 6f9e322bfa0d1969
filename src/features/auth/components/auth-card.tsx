import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';

/** The card every sign-in, sign-up and recovery page sits in. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="w-full rounded-2xl border border-slate-200 bg-white px-6 py-8 shadow-sm sm:px-10">
      <h1 className="text-center text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      {subtitle ? <p className="mt-1.5 text-center text-sm text-slate-500">{subtitle}</p> : null}
      <div className="mt-8">{children}</div>
      {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
    </div>
  );
}

const authLinkClasses =
  'font-medium text-indigo-600 hover:text-indigo-500 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** A text link inside an auth card, e.g. to the login or registration page. */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={authLinkClasses}>
      {children}
    </Link>
  );
}

/**
 * What replaces a card's form once it has been sent (a confirmation): it takes the focus the
 * vanished form held, so the keyboard and screen readers continue from it instead of the page top.
 */
export function AuthResult({ children }: { children: ReactNode }) {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => region.current?.focus(), []);
  return (
    <div ref={region} tabIndex={-1} className="outline-none">
      {children}
    </div>
  );
}
