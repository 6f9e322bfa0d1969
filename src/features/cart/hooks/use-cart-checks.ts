import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { CHECKOUT_INCOMPLETE_MESSAGE, EMPTY_CART_MESSAGE } from '#contract/cart.ts';
import type { SummaryProblem } from '#src/components/error-summary.tsx';
import type { CartCheck } from '#src/lib/cart-check.ts';
import { settleCartSaves, useUpdateCartItem } from '../api/mutations.ts';
import { fetchAllCartItems } from '../api/requests.ts';
import { getCartRevision } from '../cart-revision.ts';
import {
  cartFieldId,
  clientRowErrors,
  EDITABLE_FIELDS,
  FIELD_LABELS,
  firstErrorPosition,
  itemViolations,
  type EditableField,
  type RowErrors,
} from '../row-errors.ts';

interface CheckedRow {
  id: string;
  hostname: string;
}

/** The rows' errors as an error summary lists them: cart order, then column order. */
export function rowProblemsOf(
  rows: readonly CheckedRow[],
  errors: RowErrors,
  reveal?: (position: number) => void,
): SummaryProblem[] {
  return rows.flatMap((row, position) =>
    EDITABLE_FIELDS.flatMap((field) => {
      const message = errors[row.id]?.[field];
      if (!message) return [];
      return [
        {
          key: `${row.id}:${field}`,
          label: `Row ${position + 1}, ${row.hostname} · ${FIELD_LABELS[field]}`,
          message,
          targetId: cartFieldId(row.id, field),
          reveal: reveal ? () => reveal(position) : undefined,
        },
      ];
    }),
  );
}

/**
 * The rows' side of placing an order: before it, every row is checked for its required fields;
 * after a refusal, the server's row violations are shown under their fields. Each error stays
 * until its field is valid, and the rows' problems are offered to the checkout's error summary.
 */
export function useCartChecks(options: { onErrorAt?: (position: number) => void } = {}) {
  const { onErrorAt } = options;
  const queryClient = useQueryClient();
  const [rowErrors, setRowErrors] = useState<RowErrors>({});
  const [rows, setRows] = useState<CheckedRow[]>([]);
  const { mutate: updateItem } = useUpdateCartItem();

  /** A row field's error after an edit: replaced, or removed when `message` is undefined. */
  const updateFieldError = useCallback(
    (id: string, field: EditableField, message: string | undefined) => {
      setRowErrors((current) => {
        const previous = current[id]?.[field];
        if (!previous || previous === message) return current;
        const row = { ...current[id] };
        if (message) row[field] = message;
        else delete row[field];
        return { ...current, [id]: row };
      });
    },
    [],
  );

  // Values typed but not saved because they are invalid: the saved cart alone would let the
  // order through without them (a due date in the past would be dropped, not refused).
  const refused = useRef<RowErrors>({});
  const updateRefusedField = useCallback(
    (id: string, field: EditableField, message: string | undefined) => {
      const row = { ...refused.current[id] };
      if (message) row[field] = message;
      else delete row[field];
      refused.current = { ...refused.current, [id]: row };
    },
    [],
  );

  const forgetRow = useCallback((id: string) => {
    if (refused.current[id]) {
      const rest = { ...refused.current };
      delete rest[id];
      refused.current = rest;
    }
    setRowErrors((current) => {
      if (!current[id]) return current;
      const rest = { ...current };
      delete rest[id];
      return rest;
    });
  }, []);

  const checkCart = useCallback(async (): Promise<CartCheck> => {
    // A value typed just before pressing the button is saved first, so the check sees it.
    await settleCartSaves(queryClient);
    const items = await fetchAllCartItems();
    const orderedIds = items.map((item) => item.id);
    setRows(items.map((item) => ({ id: item.id, hostname: item.site.hostname })));
    if (items.length === 0) {
      setRowErrors({});
      return { ok: false, message: EMPTY_CART_MESSAGE };
    }
    const errors = clientRowErrors(items);
    for (const id of orderedIds) {
      const typed = refused.current[id];
      if (typed && Object.keys(typed).length > 0) errors[id] = { ...errors[id], ...typed };
    }
    setRowErrors(errors);
    const position = firstErrorPosition(errors, orderedIds);
    if (position >= 0) {
      onErrorAt?.(position);
      return { ok: false, message: CHECKOUT_INCOMPLETE_MESSAGE };
    }
    return {
      ok: true,
      revision: getCartRevision(),
      applyViolations: (violations) => {
        const result = itemViolations(violations, orderedIds);
        setRowErrors(result.errors);
        for (const [id, value] of Object.entries(result.corrections)) {
          updateItem({ id, patch: { target_url: value } });
        }
        const first = firstErrorPosition(result.errors, orderedIds);
        if (first >= 0) onErrorAt?.(first);
        return result.unmatched;
      },
    };
  }, [queryClient, onErrorAt, updateItem]);

  const rowProblems = useMemo(
    () => rowProblemsOf(rows, rowErrors, onErrorAt),
    [rows, rowErrors, onErrorAt],
  );

  return { rowErrors, rowProblems, updateFieldError, updateRefusedField, forgetRow, checkCart };
}
