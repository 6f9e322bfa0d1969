// Who may act on an order's items (decision 203): a member whose role holds items.act in the
// order's company; a Buyer only on the items of orders they placed. Anyone else does not see the
// item (404, as another buyer's item always was).
import { ORDER_ITEM_NOT_FOUND_MESSAGE } from '#contract/order-items.ts';
import { ApiError, notFound } from '#server/http/api-error.ts';
import type { Caller } from '#server/http/member-access.ts';

export const BUYER_OWN_ORDERS_MESSAGE = 'A Buyer acts on the items of their own orders.';

interface ItemOrder {
  companyId: string;
  userId: string;
}

/** Refuses the call unless the caller may act on the items of `order` (see the header). */
export async function requireItemAct(caller: Caller, order: ItemOrder): Promise<void> {
  let role;
  try {
    role = await caller.requireIn(order.companyId, 'items.act');
  } catch (error) {
    throw error instanceof ApiError && error.statusCode === 404
      ? notFound(ORDER_ITEM_NOT_FOUND_MESSAGE)
      : error;
  }
  if (role === 'buyer' && order.userId !== caller.userId) {
    throw new ApiError(403, BUYER_OWN_ORDERS_MESSAGE);
  }
}

/**
 * Refuses a call on several items unless the caller may act on every one: 404 when any of them is
 * of a company they are not a member of, else 403 when any is refused by their role.
 */
export async function requireItemsAct(
  caller: Caller,
  items: readonly { order: ItemOrder }[],
): Promise<void> {
  const refusals: ApiError[] = [];
  for (const { order } of items) {
    try {
      await requireItemAct(caller, order);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      refusals.push(error);
    }
  }
  const refusal = refusals.find((error) => error.statusCode === 404) ?? refusals[0];
  if (refusal) throw refusal;
}
