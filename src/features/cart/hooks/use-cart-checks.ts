import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { CHECKOUT_INCOMPLETE_MESSAGE, EMPTY_CART_MESSAGE } from '#contract/cart.ts';
import type { CartCheck } from '#src/lib/cart-check.ts';
import { settleCartSaves, useUpdateCartItem } from '../api/mutations.ts';
import { fetchAllCartItems } from '../api/requests.ts';
import { getCartRevision } from '../cart-revision.ts';
import {
  clientRowErrors,
  firstErrorPosition,
  itemViolations,
  type EditableField,
  type RowErrors,
} from '../row-errors.ts';

/**
 * The rows' side of placing an order: before it, every row is checked for its required fields;
 * after a refusal, the server's row violations are shown under their fields.
 */
export function useCartChecks(options: { onErrorAt?: (position: number) => void } = {}) {
  const { onErrorAt } = options;
  const queryClient = useQueryClient();
  const [rowErrors, setRowErrors] = useState<RowErrors>({});
  const { mutate: updateItem } = useUpdateCartItem();

  const clearFieldError = useCallback((id: string, field: EditableField) => {
    setRowErrors((current) => {
      if (!current[id]?.[field]) return current;
      const row = { ...current[id] };
      delete row[field];
      return { ...current, [id]: row };
    });
  }, []);

  const checkCart = useCallback(async (): Promise<CartCheck> => {
    // A value typed just before pressing the button is saved first, so the check sees it.
    await settleCartSaves(queryClient);
    const items = await fetchAllCartItems();
    const orderedIds = items.map((item) => item.id);
    if (items.length === 0) return { ok: false, message: EMPTY_CART_MESSAGE };
    const errors = clientRowErrors(items);
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

  return { rowErrors, clearFieldError, checkCart };
}
