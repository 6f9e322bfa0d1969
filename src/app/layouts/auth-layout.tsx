import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';

import { Spinner } from '#src/components/spinner.tsx';
import { paths } from '#src/config/paths.ts';

import { BrandLink } from './brand.tsx';

/** Sign-in, sign-up and recovery pages: a centred card on a quiet background. */
export function AuthLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-slate-50 to-slate-100">
      <main id="main" className="flex flex-1 flex-col items-center justify-center px-4 py-12">
        <div className="mb-8">
          <BrandLink />
        </div>
        <div className="w-full max-w-md">
          <Suspense
            fallback={
              <div className="flex justify-center py-12">
                <Spinner className="size-6 text-indigo-600" label="Loading…" />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </div>
      </main>
      <footer className="pb-6 text-center text-xs text-slate-600">
        <Link
          to={paths.termsAndConditions}
          className="hover:text-slate-800 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          Terms and conditions
        </Link>
      </footer>
    </div>
  );
}
