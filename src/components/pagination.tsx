import { Button } from './button.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';
import { SelectField } from './select-field.tsx';

/** Figures with thousands separators, like the table cells ("27,372 entries"). */
const figure = new Intl.NumberFormat('en-US');

export interface PaginationProps {
  page: number;
  limit: number;
  total: number;
  pageSizeOptions?: readonly number[];
  onPageChange: (page: number) => void;
  onLimitChange?: (limit: number) => void;
}

/** Paging controls with the spec's texts: "Page {page} of {count}", "Showing {from} to {to} of {total} entries". */
export function Pagination({
  page,
  limit,
  total,
  pageSizeOptions,
  onPageChange,
  onLimitChange,
}: PaginationProps) {
  const count = Math.max(1, Math.ceil(total / limit));
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-col gap-3 border-t border-slate-100 px-5 py-3 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between"
    >
      <p aria-live="polite">
        {total === 0
          ? 'No entries found'
          : `Showing ${figure.format(from)} to ${figure.format(to)} of ${figure.format(total)} entries`}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {onLimitChange && pageSizeOptions ? (
          <div className="flex items-center gap-2">
            <span aria-hidden="true" className="text-slate-500">
              Rows per page
            </span>
            <SelectField
              label="Rows per page"
              hideLabel
              value={String(limit)}
              onChange={(event) => onLimitChange(Number(event.target.value))}
              options={pageSizeOptions.map((size) => ({
                value: String(size),
                label: String(size),
              }))}
              className="w-20"
            />
          </div>
        ) : null}
        <span>
          Page {figure.format(Math.min(page, count))} of {figure.format(count)}
        </span>
        <div className="flex gap-1">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onPageChange(page - 1)}
            disabled={page <= 1}
            aria-label="Previous page"
          >
            <ChevronLeftIcon className="size-4" />
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onPageChange(page + 1)}
            disabled={page >= count}
            aria-label="Next page"
          >
            <ChevronRightIcon className="size-4" />
          </Button>
        </div>
      </div>
    </nav>
  );
}
