import { Checkbox, Field, Label } from '@headlessui/react';

import { cx } from '#src/utils/class-names.ts';

import { ToolbarPopover } from '../toolbar-popover.tsx';

export interface ChoosableColumn {
  id: string;
  label: string;
  isVisible: boolean;
}

export interface ColumnChooserProps {
  columns: ChoosableColumn[];
  onToggle: (id: string, visible: boolean) => void;
  onShowAll: () => void;
}

/** The column chooser's popover, loaded on first use (`ColumnChooser`, decision 156). */
export function ColumnChooserPopover({
  columns,
  onToggle,
  onShowAll,
  buttonLabel,
  buttonRef,
}: ColumnChooserProps & {
  buttonLabel: string;
  buttonRef: (element: HTMLElement | null) => void;
}) {
  const hiddenCount = columns.filter((c) => !c.isVisible).length;
  return (
    <ToolbarPopover label={buttonLabel} title="Columns" widthClass="w-64" buttonRef={buttonRef}>
      {({ isSheet }) => (
        <>
          <fieldset>
            <legend className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              Visible columns
            </legend>
            {/* A sheet scrolls as a whole; a popover keeps its list short. */}
            <div className={cx('space-y-1', !isSheet && 'max-h-72 overflow-y-auto')}>
              {columns.map((column) => (
                <Field key={column.id} className="flex items-center gap-2 py-0.5">
                  <Checkbox
                    checked={column.isVisible}
                    onChange={(checked) => onToggle(column.id, checked)}
                    className="group flex size-4 items-center justify-center rounded border border-slate-300 bg-white data-checked:border-indigo-600 data-checked:bg-indigo-600 data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-indigo-600"
                  >
                    <svg
                      viewBox="0 0 14 14"
                      fill="none"
                      className="size-3 stroke-white opacity-0 group-data-checked:opacity-100"
                      aria-hidden="true"
                    >
                      <path
                        d="M3 8L6 11L11 3.5"
                        strokeWidth={2}
                        strokeLinecap="round"
                        strokeLinejoin="round"
                      />
                    </svg>
                  </Checkbox>
                  <Label className="text-sm text-slate-700">{column.label}</Label>
                </Field>
              ))}
            </div>
          </fieldset>
          {/* Not disabled once used: a disabled button loses focus, which would fall to the page. */}
          <button
            type="button"
            onClick={() => {
              if (hiddenCount > 0) onShowAll();
            }}
            aria-disabled={hiddenCount === 0 || undefined}
            className="mt-3 text-sm font-medium text-indigo-700 hover:text-indigo-500 aria-disabled:text-slate-400 aria-disabled:hover:text-slate-400"
          >
            Show all columns
          </button>
        </>
      )}
    </ToolbarPopover>
  );
}
