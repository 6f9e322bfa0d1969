import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import type { CartDefaults } from '#contract/cart.ts';
import { PAY_BY_BILL_NOT_ALLOWED_MESSAGE, type PaymentMethodOption } from '#contract/orders.ts';
import { catalogueQueries } from '#src/features/catalogue/api/queries.ts';
import { zodResolver } from '#src/lib/schema-resolver.ts';

import { checkoutQueries } from '../api/queries.ts';
import {
  CheckoutFormSchema,
  type CheckoutFormValues,
  defaultFormValues,
} from '../checkout-form-values.ts';

/** Methods shown: pay by bill only for companies allowed it. */
function visibleMethods(methods: readonly PaymentMethodOption[], defaults: CartDefaults) {
  return methods.filter(
    (method) =>
      method.id !== 'pay_by_bill' ||
      (defaults.company.is_pay_by_bill_allowed &&
        method.unavailable_reason !== PAY_BY_BILL_NOT_ALLOWED_MESSAGE),
  );
}

/** The company ordered for, its billing defaults and totals, payment methods and countries. */
function useBillingDetails() {
  const [company, setCompany] = useState<string | null>(null);
  const defaults = useQuery(checkoutQueries.defaults(company));
  const methods = useQuery(checkoutQueries.paymentMethods(company));
  const countries = useQuery(catalogueQueries.reference('countries'));
  const loaded =
    defaults.data && methods.data && countries.data
      ? {
          defaults: defaults.data,
          methods: visibleMethods(methods.data, defaults.data),
          countries: countries.data,
        }
      : null;
  return {
    company,
    setCompany,
    loaded,
    error: defaults.error ?? methods.error ?? countries.error,
    retry: () => {
      void defaults.refetch();
      void methods.refetch();
      void countries.refetch();
    },
  };
}

export type LoadedBilling = NonNullable<ReturnType<typeof useBillingDetails>['loaded']>;

/**
 * The billing form, filled from the company's defaults once they are in and again for each
 * company chosen (and only then: a refresh of the totals keeps what was typed). `isFilled` is
 * false until the form holds its first values, so no field is drawn without its value.
 */
function useBillingForm(loaded: LoadedBilling | null) {
  const [initial, setInitial] = useState<{ company: string; values: CheckoutFormValues } | null>(
    null,
  );
  const companyId = loaded?.defaults.company.id;
  if (loaded && companyId && initial?.company !== companyId) {
    const firstAvailable = loaded.methods.find((method) => method.is_available)?.id;
    setInitial({ company: companyId, values: defaultFormValues(loaded.defaults, firstAvailable) });
  }
  const form = useForm<CheckoutFormValues>({
    resolver: zodResolver(CheckoutFormSchema),
    // The form takes these values (resetting what was typed) each time they change.
    values: initial?.values,
    // Focus goes to the error summary, which leads to each field.
    shouldFocusError: false,
  });
  // The form takes `values` once it has rendered; its fields wait for them.
  const isFilled = Object.keys(form.formState.defaultValues ?? {}).length > 0;
  return { form, isFilled };
}

/**
 * The billing side of checkout: the company ordered for (default: the current one), its billing
 * defaults and the cart's totals for it, the payment methods shown, the countries, and the form
 * filled from them.
 */
export function useBilling() {
  const details = useBillingDetails();
  return { ...details, ...useBillingForm(details.loaded) };
}

export type Billing = ReturnType<typeof useBilling>;
