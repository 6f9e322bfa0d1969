import { cx } from '../utils/class-names.ts';

/** A grey placeholder block; hidden from assistive technology (the loading state is announced elsewhere). */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cx('animate-pulse rounded-md bg-slate-200/80', className)} />
  );
}
