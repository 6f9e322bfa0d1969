import type { ReactNode } from 'react';

/**
 * Error and access screens: nothing but the message, centred, in the `main` landmark the app's
 * "Skip to content" link leads to.
 */
export function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-16">
      <div className="w-full max-w-xl">{children}</div>
    </main>
  );
}
