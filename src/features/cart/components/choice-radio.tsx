import { Description, Field, Label, RadioGroup } from '@headlessui/react';
import type { ReactNode } from 'react';

import { RadioCard } from '#src/components/radio-card.tsx';

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
  isInitialFocus = false,
}: {
  legend: string;
  value: T | null;
  options: readonly ChoiceOption<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
  hint?: ReactNode;
  /** The chosen option is where the enclosing dialog opens. */
  isInitialFocus?: boolean;
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
            <RadioCard
              value={option.value}
              isInitialFocus={isInitialFocus && option.value === value}
              className="data-disabled:cursor-not-allowed data-disabled:opacity-60"
            >
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
            </RadioCard>
          </Field>
        ))}
      </div>
    </RadioGroup>
  );
}
