import type { ReactNode } from 'react';

/** The card an invitation link's page sits in, like the sign-in pages' card. */
export function InvitationCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="w-full rounded-2xl border border-slate-200 bg-white px-6 py-8 shadow-sm sm:px-10">
      <h1 className="text-center text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      {subtitle ? <p className="mt-1.5 text-center text-sm text-slate-500">{subtitle}</p> : null}
      <div className="mt-8 space-y-4">{children}</div>
    </div>
  );
}
