import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';

import { paths } from '#src/config/paths.ts';
import { cx } from '#src/utils/class-names.ts';

import { cartQueries } from '../api/queries.ts';

function CartIcon({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d="M3 4h2l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2" />
      <circle cx="9.5" cy="20" r="1.2" />
      <circle cx="17" cy="20" r="1.2" />
    </svg>
  );
}

/** The top bar's link to the checkout with the number of articles in the cart. */
export function CartIndicator({ className }: { className?: string }) {
  const sites = useQuery(cartQueries.sites());
  const count = sites.data?.data.reduce((sum, site) => sum + site.items_amount, 0) ?? 0;
  return (
    <NavLink
      to={paths.checkout}
      className={({ isActive }) =>
        cx(
          'relative inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
          isActive
            ? 'bg-indigo-50 text-indigo-700'
            : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
          className,
        )
      }
    >
      <CartIcon className="size-5" />
      <span className="sr-only">Cart, </span>
      <span
        data-testid="cart-count"
        className="min-w-5 rounded-full bg-indigo-600 px-1.5 text-center text-xs font-semibold text-white"
      >
        {count}
      </span>
      <span className="sr-only">{count === 1 ? ' article' : ' articles'}</span>
    </NavLink>
  );
}
