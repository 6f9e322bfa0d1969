/**
 * Counts the changes this tab made to the cart. Placing an order reuses its idempotency key only
 * while the cart it was made for is unchanged.
 */
let revision = 0;

export function bumpCartRevision(): void {
  revision += 1;
}

export function getCartRevision(): number {
  return revision;
}
