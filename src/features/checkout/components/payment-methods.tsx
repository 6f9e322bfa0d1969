import { Description, Field, Label, RadioGroup } from '@headlessui/react';
import { useId } from 'react';

import { BILLING_FIGURE_NAMES } from '#contract/billing.ts';
import type { PaymentMethodOption } from '#contract/orders.ts';
import { FieldError } from '#src/components/field-hints.tsx';
import { RadioCard } from '#src/components/radio-card.tsx';
import { formatMoney } from '#src/utils/format.ts';

/** The figure under a method, named as the company's billing view names it (decision 168). */
const METHOD_FIGURE_NAMES: Record<PaymentMethodOption['id'], string | null> = {
  bank_transfer: null,
  credits: BILLING_FIGURE_NAMES.credit_balance,
  pay_by_bill: BILLING_FIGURE_NAMES.available_to_pay_by_bill,
};

/** The payment methods, each with its figure and why it cannot pay, when it cannot. */
export function PaymentMethods({
  id,
  methods,
  value,
  onChange,
  error,
}: {
  id: string;
  methods: readonly PaymentMethodOption[];
  value: PaymentMethodOption['id'] | undefined;
  onChange: (value: PaymentMethodOption['id']) => void;
  error?: string;
}) {
  const errorId = useId();
  return (
    <div>
      <RadioGroup
        id={id}
        value={value}
        onChange={onChange}
        aria-describedby={error ? errorId : undefined}
        className="space-y-2"
      >
        <Label as="p" className="text-sm font-semibold text-slate-900">
          Payment method
        </Label>
        {methods.map((method) => (
          <Field key={method.id} disabled={!method.is_available}>
            <RadioCard
              value={method.id}
              className="data-disabled:cursor-not-allowed data-disabled:bg-slate-50"
            >
              <Label className="font-medium text-slate-900 group-data-disabled:text-slate-500">
                {method.title}
              </Label>
              {method.available_amount !== null && METHOD_FIGURE_NAMES[method.id] ? (
                <Description className="text-xs text-slate-600">
                  {METHOD_FIGURE_NAMES[method.id]}: {formatMoney(method.available_amount)}
                </Description>
              ) : null}
              {method.unavailable_reason ? (
                <Description className="text-xs text-red-700">
                  {method.unavailable_reason}
                </Description>
              ) : null}
            </RadioCard>
          </Field>
        ))}
      </RadioGroup>
      <FieldError id={errorId} error={error} className="mt-1" />
    </div>
  );
}
