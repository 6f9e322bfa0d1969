import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';

import { type CartLineSummary, CHECKOUT_INCOMPLETE_MESSAGE } from '#contract/cart.ts';
import type { Order } from '#contract/orders.ts';
import type { PurchaseRequest } from '#contract/purchase-requests.ts';
import type { SummaryProblem } from '#src/components/error-summary.tsx';
import { cartQueries } from '#src/features/cart/api/queries.ts';
import { getCartRevision } from '#src/features/cart/cart-revision.ts';
import { useCartRows } from '#src/features/cart/hooks/use-cart-rows.ts';
import { checkoutQueries } from '#src/features/checkout/api/queries.ts';
import { placeOrder, sendForApproval } from '#src/features/checkout/api/requests.ts';
import {
  type CheckoutFormField,
  type CheckoutFormValues,
  FIELD_MESSAGES,
  FORM_FIELD_LABELS,
  formFieldId,
  formFieldOf,
  orderBody,
} from '#src/features/checkout/checkout-form-values.ts';
import { SUMMARY_ID } from '#src/features/checkout/components/checkout-panel.tsx';
import { needsApproval } from '#src/features/checkout/components/order-summary.tsx';
import { useBilling } from '#src/features/checkout/hooks/use-billing.ts';
import { OrderAttempt } from '#src/features/checkout/order-attempt.ts';
import { orderQueries } from '#src/features/orders/api/queries.ts';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { ApiError, NetworkError } from '#src/lib/api-client.ts';

export const ORDER_NOT_SENT_MESSAGE =
  'The order could not be sent. Check your connection and press Order now again.';

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

/** What the last Order now left to say, for the company it was pressed for. */
interface Outcome {
  company: string | undefined;
  problem: string | null;
  /** The server's refusal of a cart changed since the page showed it. */
  refusal: string | null;
  /** Changes each time focus should move to the summary. */
  focusRequest: number;
}

/**
 * Checkout as one flow (spec §2 "Checkout", decision 188): the company's billing form, the cart's
 * rows and their checks, Order now with one attempt's idempotency key, and one error summary of
 * everything that holds the order back. The order names each line from the cart's answer that the
 * checkout loads (`CartDefaults.lines`); the server checks them again in the order's transaction.
 */
export function useCheckout({
  onPlaced,
  onRequested,
  onErrorAt,
}: {
  onPlaced: (order: Order) => void;
  /** The cart was sent for approval (over the Buyer's monthly limit, decision 204). */
  onRequested?: (request: PurchaseRequest) => void;
  /** Shows the cart's row at this position (0-based), e.g. by turning to its page. */
  onErrorAt?: (position: number) => void;
}) {
  const queryClient = useQueryClient();
  const isOnline = useOnlineStatus();
  const billing = useBilling();
  const { loaded, form } = billing;
  const rows = useCartRows({ onErrorAt });
  const [isBusy, setBusy] = useState(false);
  const [attempt] = useState(() => new OrderAttempt());
  const companyId = loaded?.defaults.company.id;
  const [outcome, setOutcome] = useState<Outcome>({
    company: companyId,
    problem: null,
    refusal: null,
    focusRequest: 0,
  });
  // A different company starts with its own form: what was said for the last one goes.
  const said = outcome.company === companyId ? outcome : { problem: null, refusal: null };
  const isEmpty = loaded?.defaults.items_amount === 0;

  const tell = (change: Partial<Pick<Outcome, 'problem' | 'refusal'>>) =>
    setOutcome((current) => ({ ...current, ...change, company: companyId }));
  const showSummary = () =>
    setOutcome((current) => ({ ...current, focusRequest: current.focusRequest + 1 }));

  /** The cart's lines as the loaded answer lists them, once the values typed are saved. */
  const loadedLines = async (): Promise<CartLineSummary[]> => {
    await rows.settle();
    // A save refreshes the answer, and the wait above includes it: only an answer already due
    // for a refresh is read again.
    const answer = await queryClient.fetchQuery({
      ...checkoutQueries.defaults(billing.company),
      staleTime: Infinity,
    });
    return answer.lines;
  };

  /** With billing errors, the rows are checked as well, so the summary lists everything at once. */
  const checkRowsToo = async () => {
    if (!isOnline || isEmpty) return;
    try {
      const check = rows.check(await loadedLines());
      if (!check.ok && check.message !== CHECKOUT_INCOMPLETE_MESSAGE)
        tell({ problem: check.message });
    } catch {
      // The billing errors are listed all the same; the rows are checked again on the next try.
    }
  };

  const refused = (error: unknown, lines: readonly CartLineSummary[]) => {
    if (!(error instanceof ApiError)) {
      tell({ problem: error instanceof NetworkError ? ORDER_NOT_SENT_MESSAGE : String(error) });
      return;
    }
    const rest = rows.applyViolations(error.violations, lines);
    let onForm = 0;
    for (const violation of rest) {
      const field = formFieldOf(violation);
      if (!field) continue;
      form.setError(field, { type: 'server', message: violation.message });
      onForm += 1;
    }
    const onRows = error.violations.length - rest.length;
    // A cart changed since the page read it: the summary says so, and that nothing was charged,
    // above the lines it names.
    if (error.status === 409 && onRows > 0) tell({ refusal: refusalText(error) });
    else if (onRows === 0 && onForm === 0) tell({ problem: error.message });
  };

  /** Places the order, or says what holds it back; true once it is placed. */
  const order = async (values: CheckoutFormValues): Promise<boolean> => {
    const method = loaded?.methods.find((entry) => entry.id === values.payment_method);
    if (!loaded || !method?.is_available) {
      form.setError('payment_method', {
        message: method?.unavailable_reason ?? FIELD_MESSAGES.payment_method,
      });
      await checkRowsToo();
      return false;
    }
    const lines = await loadedLines();
    const check = rows.check(lines);
    if (!check.ok) {
      // Missing row fields are listed from the rows' own errors, and go when they are fixed.
      if (check.message !== CHECKOUT_INCOMPLETE_MESSAGE) tell({ problem: check.message });
      return false;
    }
    // The order names each line as the page shows it: a line changed since is refused (409).
    const body = {
      ...orderBody(loaded.defaults.company.id, values),
      lines: rows.orderLines(lines),
    };
    const key = attempt.keyFor(JSON.stringify([getCartRevision(), body]));
    const isForApproval = needsApproval(loaded.defaults);
    let placed: Order | PurchaseRequest;
    try {
      placed = isForApproval ? await sendForApproval(body, key) : await placeOrder(body, key);
    } catch (error) {
      refused(error, lines);
      // The limit or the month's spending may have changed: the button follows the answer.
      if (error instanceof ApiError && error.status === 422) {
        void queryClient.invalidateQueries({ queryKey: cartQueries.all() });
      }
      return false;
    }
    attempt.finish();
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: cartQueries.all() }),
      queryClient.invalidateQueries({ queryKey: orderQueries.all() }),
    ]);
    if ('status' in placed && 'can_decide' in placed) onRequested?.(placed);
    else onPlaced(placed);
    return true;
  };

  /** Order now: busy from the press until the order is placed or what holds it back is listed. */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    setBusy(true);
    tell({ problem: null, refusal: null });
    let isPlaced = false;
    const submit = form.handleSubmit(async (values) => {
      isPlaced = await order(values);
    }, checkRowsToo);
    void submit(event)
      .catch((error: unknown) =>
        tell({ problem: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => {
        setBusy(false);
        // A placed order leaves the page; anything else is listed in the summary.
        if (!isPlaced) showSummary();
      });
  };

  const problems = [
    ...(said.problem ? [{ key: 'problem', message: said.problem }] : []),
    ...rows.rowProblems,
    ...formProblemsOf(form.formState.errors),
  ];
  return {
    isOnline,
    isBusy,
    isEmpty,
    billing,
    onSubmit,
    /** What the cart's rows show: pass to `CartItemsSection`. */
    rows: rows.section,
    /** The error summary: pass to `ErrorSummary`. */
    summary: {
      id: SUMMARY_ID,
      problems,
      intro:
        said.refusal ?? (rows.rowProblems.length > 0 ? CHECKOUT_INCOMPLETE_MESSAGE : undefined),
      focusRequest: outcome.focusRequest,
    },
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
