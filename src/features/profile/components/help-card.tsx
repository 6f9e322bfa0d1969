import type { Manager } from '#contract/profile.ts';
import { LifeBuoyIcon } from '#src/components/icons.tsx';
import { fullName } from '#src/utils/format.ts';

/**
 * Points the buyer to their account manager for help. `compact` is the one-line form the dashboard
 * shows beside its entries once the buyer has made a choice, so the catalogue starts higher up.
 */
export function HelpCard({
  manager,
  compact = false,
}: {
  /** `undefined` while the profile is unknown. */
  manager: Manager | null | undefined;
  compact?: boolean;
}) {
  if (compact) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <LifeBuoyIcon className="size-4 shrink-0 text-sky-600" />
        <span>
          Need help choosing sites?{' '}
          {manager ? (
            <a
              href={`mailto:${manager.email}`}
              className="font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              Contact {manager.first_name}
            </a>
          ) : manager === null ? (
            'A manager will be assigned shortly.'
          ) : (
            'Your account manager can help.'
          )}
        </span>
      </p>
    );
  }
  return (
    <div className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex size-9 items-center justify-center rounded-lg bg-sky-50 text-sky-600">
        <LifeBuoyIcon className="size-5" />
      </div>
      <h2 className="mt-3 text-sm font-semibold text-slate-900">Need help choosing sites?</h2>
      {manager ? (
        <p className="mt-1 text-sm text-slate-600">
          {fullName(manager)}, your account manager, can help you pick publishers for your niche and
          budget.
        </p>
      ) : manager === null ? (
        <p className="mt-1 text-sm text-slate-600">
          An account manager will be assigned to you shortly.
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          Your account manager can help you pick publishers for your niche and budget.
        </p>
      )}
      {manager ? (
        <a
          href={`mailto:${manager.email}`}
          className="mt-auto pt-4 text-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          Contact {manager.first_name}
        </a>
      ) : null}
    </div>
  );
}
