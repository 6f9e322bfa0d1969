import { Description, Field, Label, RadioGroup } from '@headlessui/react';
import { zodResolver } from '#src/lib/schema-resolver.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  Controller,
  useFieldArray,
  useForm,
  type FieldErrors,
  type UseFormReturn,
} from 'react-hook-form';
import { BILLING_FIGURE_NAMES } from '#contract/billing.ts';
import { CHECKOUT_INCOMPLETE_MESSAGE, type CartDefaults } from '#contract/cart.ts';
import {
  MAX_INVOICE_EMAILS,
  PAY_BY_BILL_NOT_ALLOWED_MESSAGE,
  type Order,
  type OrderCreate,
  type PaymentMethodOption,
} from '#contract/orders.ts';
import type { ReferenceItem } from '#contract/reference-data.ts';
import { Alert } from '#src/components/alert.tsx';
import { Button } from '#src/components/button.tsx';
import { Card, CardHeader } from '#src/components/card.tsx';
import {
  ErrorSummary,
  focusSummary,
  problemCountText,
  type SummaryProblem,
} from '#src/components/error-summary.tsx';
import { RadioCard } from '#src/components/radio-card.tsx';
import { SelectField } from '#src/components/select-field.tsx';
import { Skeleton } from '#src/components/skeleton.tsx';
import { ErrorState, LoadingAnnouncement } from '#src/components/state-blocks.tsx';
import { TextField } from '#src/components/text-field.tsx';
import { ApiError, NetworkError } from '#src/lib/api-client.ts';
import type { CartCheck } from '#src/lib/cart-check.ts';
import { formatMoney } from '#src/utils/format.ts';
import { cartQueries } from '#src/features/cart/api/queries.ts';
import { catalogueQueries } from '#src/features/catalogue/api/queries.ts';
import { orderQueries } from '#src/features/orders/api/queries.ts';
import { checkoutQueries } from '../api/queries.ts';
import { placeOrder } from '../api/requests.ts';
import {
  CheckoutFormSchema,
  defaultFormValues,
  FORM_FIELD_LABELS,
  formFieldId,
  formFieldOf,
  orderBody,
  type CheckoutFormField,
  type CheckoutFormValues,
} from '../checkout-form-values.ts';
import { OrderAttempt } from '../order-attempt.ts';
import { OrderSummary } from './order-summary.tsx';

const SUMMARY_ID = 'checkout-problems';
const OFFLINE_REASON_ID = 'checkout-offline-reason';

export const OFFLINE_ORDER_MESSAGE = 'You are offline. Placing an order needs a connection.';
export const ORDER_NOT_SENT_MESSAGE =
  'The order could not be sent. Check your connection and press Order now again.';

export interface CheckoutPanelProps {
  isOnline: boolean;
  checkCart: () => Promise<CartCheck>;
  onPlaced: (order: Order) => void;
  /** The cart rows' problems, listed first in the error summary. */
  rowProblems?: readonly SummaryProblem[];
  /** Where the error summary goes (the top of the page); inside the form when not given. */
  summarySlot?: HTMLElement | null;
}

const NO_PROBLEMS: readonly SummaryProblem[] = [];

/** The form's errors as the summary lists them, in the order the fields appear. */
function formProblemsOf(errors: FieldErrors<CheckoutFormValues>): SummaryProblem[] {
  const problems: SummaryProblem[] = [];
  const add = (field: CheckoutFormField, label: string, message: string | undefined) => {
    if (message) problems.push({ key: field, label, message, targetId: formFieldId(field) });
  };
  for (const field of Object.keys(FORM_FIELD_LABELS) as (keyof typeof FORM_FIELD_LABELS)[]) {
    if (field === 'invoice_emails') {
      const list = errors.invoice_emails;
      list?.forEach?.((entry, index) =>
        add(`invoice_emails.${index}.value`, `Invoice e-mail ${index + 1}`, entry?.value?.message),
      );
      add('invoice_emails', FORM_FIELD_LABELS.invoice_emails, list?.message ?? list?.root?.message);
      continue;
    }
    add(field, FORM_FIELD_LABELS[field], errors[field]?.message);
  }
  return problems;
}

/** The message of a refusal itself (not its first violation's). */
function refusalText(error: ApiError): string {
  const body = error.body as { message?: unknown } | null;
  return typeof body?.message === 'string' ? body.message : error.message;
}

/** The figure under a method, named as the company's billing view names it (decision 168). */
const METHOD_FIGURE_NAMES: Record<PaymentMethodOption['id'], string | null> = {
  bank_transfer: null,
  credits: BILLING_FIGURE_NAMES.credit_balance,
  pay_by_bill: BILLING_FIGURE_NAMES.available_to_pay_by_bill,
};

/** Methods shown: pay by bill only for companies allowed it. */
function visibleMethods(methods: readonly PaymentMethodOption[], defaults: CartDefaults) {
  return methods.filter(
    (method) =>
      method.id !== 'pay_by_bill' ||
      (defaults.company.is_pay_by_bill_allowed &&
        method.unavailable_reason !== PAY_BY_BILL_NOT_ALLOWED_MESSAGE),
  );
}

function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['orders', 'place'],
    mutationFn: ({ body, key }: { body: OrderCreate; key: string }) => placeOrder(body, key),
    meta: { errorToast: false },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cartQueries.all() }),
        queryClient.invalidateQueries({ queryKey: orderQueries.all() }),
      ]);
    },
  });
}

function PaymentMethods({
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
      {error ? (
        <p id={errorId} className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface CheckoutFormProps extends CheckoutPanelProps {
  defaults: CartDefaults;
  methods: readonly PaymentMethodOption[];
  countries: readonly ReferenceItem[];
  company: string | null;
  onCompanyChange: (company: string) => void;
}

/** The invoice's address, VAT number, PO number and e-mails, prefilled from the company. */
function BillingFields({
  form,
  defaults,
  countries,
  companyId,
  onCompanyChange,
}: {
  form: UseFormReturn<CheckoutFormValues>;
  defaults: CartDefaults;
  countries: readonly ReferenceItem[];
  companyId: string;
  onCompanyChange: (company: string) => void;
}) {
  const { register, control, formState } = form;
  const errors = formState.errors;
  const emails = useFieldArray({ control, name: 'invoice_emails' });
  const countryOptions = countries.map((country) => ({ value: country.id, label: country.title }));
  return (
    <Card>
      <CardHeader title="Billing information" description="Printed on the invoice." />
      <div className="grid gap-4 p-5 sm:grid-cols-2">
        {defaults.companies.length > 1 ? (
          <SelectField
            className="sm:col-span-2"
            label="Company"
            value={companyId}
            onChange={(event) => onCompanyChange(event.target.value)}
            options={defaults.companies.map((entry) => ({ value: entry.id, label: entry.title }))}
          />
        ) : null}
        <TextField
          className="sm:col-span-2"
          label="Business name"
          autoComplete="organization"
          id={formFieldId('business_name')}
          error={errors.business_name?.message}
          {...register('business_name')}
        />
        <SelectField
          label="Country"
          placeholder="Choose a country"
          options={countryOptions}
          id={formFieldId('country_id')}
          error={errors.country_id?.message}
          {...register('country_id')}
        />
        <TextField
          label="City"
          autoComplete="address-level2"
          id={formFieldId('city')}
          error={errors.city?.message}
          {...register('city')}
        />
        <TextField
          label="Address"
          autoComplete="street-address"
          id={formFieldId('address')}
          error={errors.address?.message}
          {...register('address')}
        />
        <TextField
          label="Postal code"
          autoComplete="postal-code"
          id={formFieldId('zip_code')}
          error={errors.zip_code?.message}
          {...register('zip_code')}
        />
        <TextField
          label="VAT number"
          description="Optional"
          id={formFieldId('vat_number')}
          error={errors.vat_number?.message}
          {...register('vat_number')}
        />
        <TextField
          label="PO number"
          description="Optional"
          id={formFieldId('po_number')}
          error={errors.po_number?.message}
          {...register('po_number')}
        />
        <fieldset className="space-y-2 sm:col-span-2">
          <legend
            id={formFieldId('invoice_emails')}
            tabIndex={-1}
            className="text-sm font-medium text-slate-800"
          >
            Invoice e-mails
          </legend>
          {emails.fields.map((entry, index) => (
            <div key={entry.id} className="flex items-start gap-2">
              <TextField
                className="flex-1"
                label={<span className="sr-only">Invoice e-mail {index + 1}</span>}
                id={formFieldId(`invoice_emails.${index}.value`)}
                type="email"
                autoComplete="email"
                error={errors.invoice_emails?.[index]?.value?.message}
                {...register(`invoice_emails.${index}.value`)}
              />
              <Button
                variant="ghost"
                size="sm"
                className="mt-1.5"
                disabled={emails.fields.length <= 1}
                aria-label={`Remove invoice e-mail ${index + 1}`}
                onClick={() => emails.remove(index)}
              >
                Remove
              </Button>
            </div>
          ))}
          {errors.invoice_emails?.message ? (
            <p className="text-xs font-medium text-red-600">{errors.invoice_emails.message}</p>
          ) : null}
          <Button
            variant="secondary"
            size="sm"
            disabled={emails.fields.length >= MAX_INVOICE_EMAILS}
            onClick={() => emails.append({ value: '' })}
          >
            Add e-mail
          </Button>
        </fieldset>
      </div>
    </Card>
  );
}

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
        Order now
      </Button>
    </Card>
  );
}

function CheckoutForm({
  defaults,
  methods,
  countries,
  company,
  onCompanyChange,
  isOnline,
  checkCart,
  onPlaced,
  rowProblems = NO_PROBLEMS,
  summarySlot,
}: CheckoutFormProps) {
  const shown = visibleMethods(methods, defaults);
  const firstAvailable = shown.find((method) => method.is_available)?.id;
  const form = useForm<CheckoutFormValues>({
    resolver: zodResolver(CheckoutFormSchema),
    defaultValues: defaultFormValues(defaults, firstAvailable),
    // Focus goes to the error summary, which leads to each field.
    shouldFocusError: false,
  });
  const { control, handleSubmit, setError, formState } = form;
  const place = usePlaceOrder();
  const [attempt] = useState(() => new OrderAttempt());
  const inFlight = useRef(false);
  const [isWorking, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const showSummary = () => setFocusRequest((count) => count + 1);

  const companyId = company ?? defaults.company.id;
  const isEmpty = defaults.items_amount === 0;

  const submit = async (values: CheckoutFormValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setWorking(true);
    setProblem(null);
    setRefusal(null);
    try {
      const method = shown.find((entry) => entry.id === values.payment_method);
      if (!method?.is_available) {
        setError('payment_method', {
          message: method?.unavailable_reason ?? 'Choose a payment method.',
        });
        await checkRowsToo();
        showSummary();
        return;
      }
      const check = await checkCart();
      if (!check.ok) {
        // Missing row fields are listed from the rows' own errors, and go when they are fixed.
        if (check.message !== CHECKOUT_INCOMPLETE_MESSAGE) setProblem(check.message);
        showSummary();
        return;
      }
      // The order names each line as the page shows it: a line changed since is refused (409).
      const body = { ...orderBody(companyId, values), lines: check.lines };
      const key = attempt.keyFor(JSON.stringify([check.revision, body]));
      try {
        const order = await place.mutateAsync({ body, key });
        attempt.finish();
        onPlaced(order);
      } catch (error) {
        if (error instanceof ApiError) {
          const rest = check.applyViolations(error.violations);
          let onForm = 0;
          for (const violation of rest) {
            const field = formFieldOf(violation);
            if (!field) continue;
            setError(field, { type: 'server', message: violation.message });
            onForm += 1;
          }
          const onRows = error.violations.length - rest.length;
          // A cart changed since the page read it: the summary says so, and that nothing was
          // charged, above the lines it names.
          if (error.status === 409 && onRows > 0) setRefusal(refusalText(error));
          else if (onRows === 0 && onForm === 0) setProblem(error.message);
        } else {
          setProblem(error instanceof NetworkError ? ORDER_NOT_SENT_MESSAGE : String(error));
        }
        showSummary();
      }
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      showSummary();
    } finally {
      inFlight.current = false;
      setWorking(false);
    }
  };

  /** With billing errors, the rows are checked as well, so the summary lists everything at once. */
  async function checkRowsToo() {
    if (!isOnline || isEmpty) return;
    try {
      const check = await checkCart();
      if (!check.ok && check.message !== CHECKOUT_INCOMPLETE_MESSAGE) setProblem(check.message);
    } catch {
      // The billing errors are listed all the same; the rows are checked again on the next try.
    }
  }

  const onInvalid = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setWorking(true);
    setProblem(null);
    setRefusal(null);
    try {
      await checkRowsToo();
    } finally {
      inFlight.current = false;
      setWorking(false);
      showSummary();
    }
  };

  const errors = formState.errors;
  const problems = [
    ...(problem ? [{ key: 'problem', message: problem }] : []),
    ...rowProblems,
    ...formProblemsOf(errors),
  ];
  const summary = (
    <ErrorSummary
      id={SUMMARY_ID}
      problems={problems}
      intro={refusal ?? (rowProblems.length > 0 ? CHECKOUT_INCOMPLETE_MESSAGE : undefined)}
      focusRequest={focusRequest}
      className={summarySlot ? undefined : 'lg:col-span-2'}
    />
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(submit, onInvalid)(event)}
      className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
      aria-label="Checkout"
    >
      {summarySlot ? createPortal(summary, summarySlot) : summary}
      <BillingFields
        form={form}
        defaults={defaults}
        countries={countries}
        companyId={companyId}
        onCompanyChange={onCompanyChange}
      />
      <div className="space-y-6">
        <Card className="p-5">
          <Controller
            control={control}
            name="payment_method"
            render={({ field, fieldState }) => (
              <PaymentMethods
                id={formFieldId('payment_method')}
                methods={shown}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        </Card>
        <OrderCard
          defaults={defaults}
          problemCount={problems.length}
          isOnline={isOnline}
          isEmpty={isEmpty}
          isWorking={isWorking}
        />
      </div>
    </form>
  );
}

/** Billing, payment method, totals and placing the order (spec §2 "Checkout"). */
export function CheckoutPanel(props: CheckoutPanelProps) {
  const [company, setCompany] = useState<string | null>(null);
  const defaults = useQuery(checkoutQueries.defaults(company));
  const methods = useQuery(checkoutQueries.paymentMethods(company));
  const countries = useQuery(catalogueQueries.reference('countries'));

  const error = defaults.error ?? methods.error ?? countries.error;
  const isKnown = Boolean(defaults.data && methods.data && countries.data);
  if (error && !isKnown && props.isOnline) {
    return (
      <ErrorState
        title="Billing details could not be loaded."
        message={error.message}
        onRetry={() => {
          void defaults.refetch();
          void methods.refetch();
          void countries.refetch();
        }}
      />
    );
  }
  if (!defaults.data || !methods.data || !countries.data) {
    if (!props.isOnline) {
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
    <CheckoutForm
      // A different company brings its own billing details.
      key={defaults.data.company.id}
      {...props}
      defaults={defaults.data}
      methods={methods.data}
      countries={countries.data}
      company={company}
      onCompanyChange={setCompany}
    />
  );
}
