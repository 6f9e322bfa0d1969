/**
 * The roots of the orders' query keys, apart from the queries themselves so that a screen that
 * only refreshes orders (the navigation's link health follower) does not load their code.
 */
export const orderKeys = {
  all: () => ['buyer', 'orders'] as const,
  itemPages: (orderId: string) => [...orderKeys.all(), 'items', orderId] as const,
};
