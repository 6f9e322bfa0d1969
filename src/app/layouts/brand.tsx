import { Link } from 'react-router';

import { LinkIcon } from '#src/components/icons.tsx';
import { APP_NAME } from '#src/config/env.ts';
import { paths } from '#src/config/paths.ts';

export function BrandMark({ className = 'size-8' }: { className?: string }) {
  return (
    <span
      className={`flex items-center justify-center rounded-lg bg-indigo-600 text-white shadow-sm ${className}`}
    >
      <LinkIcon className="size-[60%]" strokeWidth={2.2} />
    </span>
  );
}

export function BrandLink() {
  return (
    <Link
      to={paths.index}
      className="flex items-center gap-2.5 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
    >
      <BrandMark />
      <span className="text-base font-semibold tracking-tight whitespace-nowrap text-slate-900">
        {APP_NAME}
      </span>
    </Link>
  );
}
