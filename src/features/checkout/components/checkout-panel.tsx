import type { FormEvent } from 'react';
import { Controller } from 'react-hook-form';

import type { CartDefaults } from '#contract/cart.ts';
import { Alert } from '#src/components/alert.tsx';
import { Button } from '#src/components/button.tsx';
import { Card } from '#src/components/card.tsx';
import { focusSummary, problemCountText } from '#src/components/error-summary.tsx';
import { Skeleton } from '#src/components/skeleton.tsx';
import { ErrorState, LoadingAnnouncement } from '#src/components/state-blocks.tsx';

import { formFieldId } from '../checkout-form-values.ts';
import type { Billing } from '../hooks/use-billing.ts';
import { BillingFields } from './billing-fields.tsx';
import { needsApproval, OrderSummary, SpendingSummary } from './order-summary.tsx';
import { PaymentMethods } from './payment-methods.tsx';

const OFFLINE_REASON_ID = 'checkout-offline-reason';

/** The id of the checkout's error summary, which the note beside Order now leads to. */
export const SUMMARY_ID = 'checkout-problems';

/** What the checkout form shows of the checkout's one flow (`useCheckout`, `src/app/hooks`). */
export interface CheckoutFormState {
  isOnline: boolean;
  isBusy: boolean;
  isEmpty: boolean;
  billing: Billing;
  /** Order now. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** What the error summary lists, counted beside Order now. */
  summary: { problems: readonly unknown[] };
}

export const OFFLINE_ORDER_MESSAGE = 'You are offline. Placing an order needs a connection.';

/** The order's figures, how many problems hold it back, and Order now. */
function OrderCard({
  defaults,
  problemCount,
  isOnline,
  isEmpty,
  isWorking,
}: {
  defaults: CartDefaults;
  problemCount: number;
  isOnline: boolean;
  isEmpty: boolean;
  isWorking: boolean;
}) {
  return (
    <Card className="space-y-4 p-5">
      <h2 className="text-base font-semibold text-slate-900">Summary</h2>
      <OrderSummary defaults={defaults} />
      <SpendingSummary defaults={defaults} />
      {problemCount > 0 ? (
        <p className="text-sm font-medium text-red-700">
          {problemCountText(problemCount)}.{' '}
          <a
            href={`#${SUMMARY_ID}`}
            className="underline underline-offset-2 hover:text-red-800"
            onClick={(event) => {
              event.preventDefault();
              focusSummary(SUMMARY_ID);
            }}
          >
            See the list
          </a>
        </p>
      ) : null}
      {!isOnline ? (
        <p id={OFFLINE_REASON_ID} role="status" className="text-sm font-medium text-amber-800">
          {OFFLINE_ORDER_MESSAGE}
        </p>
      ) : null}
      <Button
        type="submit"
        size="lg"
        className="w-full"
        // Offline, the reason beside the button is also what it says when focused.
        aria-describedby={isOnline ? undefined : OFFLINE_REASON_ID}
        disabled={!isOnline || isEmpty || isWorking}
        loading={isWorking}
      >
        {needsApproval(defaults) ? 'Send for approval' : 'Order now'}
      </Button>
    </Card>
  );
}

/** Billing, payment method, totals and Order now (spec §2 "Checkout"), as `useCheckout` holds them. */
export function CheckoutPanel({ checkout }: { checkout: CheckoutFormState }) {
  const { billing, isOnline } = checkout;
  const { loaded, form } = billing;
  if (billing.error && !loaded && isOnline) {
    return (
      <ErrorState
        title="Billing details could not be loaded."
        message={billing.error.message}
        onRetry={billing.retry}
      />
    );
  }
  if (!loaded || !billing.isFilled) {
    if (!isOnline) {
      return (
        <Alert variant="info" title="Billing details need a connection">
          {OFFLINE_ORDER_MESSAGE}
        </Alert>
      );
    }
    return (
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <LoadingAnnouncement>Loading billing details…</LoadingAnnouncement>
        <Skeleton className="h-80 w-full" />
        <Skeleton className="h-80 w-full" />
      </div>
    );
  }
  return (
    <form
      noValidate
      onSubmit={checkout.onSubmit}
      className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
      aria-label="Checkout"
    >
      <BillingFields
        form={form}
        defaults={loaded.defaults}
        countries={loaded.countries}
        companyId={billing.company ?? loaded.defaults.company.id}
        onCompanyChange={billing.setCompany}
      />
      <div className="space-y-6">
        <Card className="p-5">
          <Controller
            control={form.control}
            name="payment_method"
            render={({ field, fieldState }) => (
              <PaymentMethods
                id={formFieldId('payment_method')}
                methods={loaded.methods}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        </Card>
        <OrderCard
          defaults={loaded.defaults}
          problemCount={checkout.summary.problems.length}
          isOnline={isOnline}
          isEmpty={checkout.isEmpty}
          isWorking={checkout.isBusy}
        />
      </div>
    </form>
  );
}
