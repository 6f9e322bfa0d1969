import { lazy, useState } from 'react';

import { SparklesIcon } from '#src/components/icons.tsx';
import { OpenedLazily } from '#src/components/opened-lazily.tsx';

// Loaded when first opened, with its form (decision 110).
const StrategyRequestDialog = lazy(() =>
  import('./strategy-request-dialog.tsx').then((module) => ({
    default: module.StrategyRequestDialog,
  })),
);

/**
 * The dashboard's free-strategy card, offered to every buyer, with or without a manager. `compact`
 * is the button the dashboard shows beside its entries once the buyer has made a choice.
 */
export function StrategyCard({
  defaultDomain,
  compact = false,
}: {
  defaultDomain: string;
  compact?: boolean;
}) {
  const [isOpen, setOpen] = useState(false);
  const dialog = (
    <OpenedLazily open={isOpen}>
      {(isShown) => (
        <StrategyRequestDialog
          open={isShown}
          onClose={() => setOpen(false)}
          defaultDomain={defaultDomain}
        />
      )}
    </OpenedLazily>
  );
  if (compact) {
    return (
      <>
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="inline-flex items-center gap-1.5 rounded-lg bg-gradient-to-br from-indigo-600 to-violet-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:from-indigo-500 hover:to-violet-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <SparklesIcon className="size-4" />
          Get a free link-building strategy
        </button>
        {dialog}
      </>
    );
  }
  return (
    <div className="flex flex-col rounded-xl bg-gradient-to-br from-indigo-600 to-violet-600 p-5 text-white shadow-sm">
      <div className="flex size-9 items-center justify-center rounded-lg bg-white/15">
        <SparklesIcon className="size-5" />
      </div>
      <h2 className="mt-3 text-sm font-semibold">Get a free link-building strategy</h2>
      <p className="mt-1 text-sm text-indigo-100">
        Tell us about your domain and goals; our team prepares a plan of sites and budgets for you.
      </p>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-4 inline-flex w-fit items-center rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-indigo-700 shadow-sm hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        Request a free strategy
      </button>
      {dialog}
    </div>
  );
}
