import { Description, Field, Label, Radio, RadioGroup } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cx } from '#src/utils/class-names.ts';

export interface ChoiceOption<T extends string> {
  value: T;
  label: ReactNode;
  /** Shown beside the label, e.g. a price. */
  aside?: ReactNode;
  details?: ReactNode;
}

/** A labelled radio group of cards; arrow keys move between the options. */
export function ChoiceRadioGroup<T extends string>({
  legend,
  value,
  options,
  onChange,
  disabled = false,
  hint,
}: {
  legend: string;
  value: T | null;
  options: readonly ChoiceOption<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  return (
    <RadioGroup value={value ?? undefined} onChange={onChange} disabled={disabled}>
      <Label as="p" className="text-sm font-semibold text-slate-900">
        {legend}
      </Label>
      {hint ? (
        <Description as="p" className="mt-0.5 text-xs text-slate-500">
          {hint}
        </Description>
      ) : null}
      <div className="mt-2 space-y-2">
        {options.map((option) => (
          <Field key={option.value} disabled={disabled}>
            <Radio
              value={option.value}
              className={cx(
                'group flex cursor-pointer gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm',
                'focus:outline-none data-checked:border-indigo-600 data-checked:bg-indigo-50/60',
                'data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-indigo-600',
                'data-disabled:cursor-not-allowed data-disabled:opacity-60',
              )}
            >
              <span
                aria-hidden="true"
                className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white group-data-checked:border-indigo-600 group-data-checked:bg-indigo-600"
              >
                <span className="size-1.5 rounded-full bg-white" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-start justify-between gap-3">
                  <Label className="font-medium text-slate-900">{option.label}</Label>
                  {option.aside ? (
                    <Description as="span" className="shrink-0 font-medium text-slate-700">
                      {option.aside}
                    </Description>
                  ) : null}
                </span>
                {option.details ? (
                  <Description as="div" className="mt-1 text-xs text-slate-600">
                    {option.details}
                  </Description>
                ) : null}
              </span>
            </Radio>
          </Field>
        ))}
      </div>
    </RadioGroup>
  );
}
