import type { Violation } from '#contract/errors.ts';

/**
 * The cart's answer before an order: whether its rows are complete, and where row errors go. The
 * cart produces it and checkout consumes it; the app composes the two.
 */
export type CartCheck =
  | {
      ok: true;
      /** Changes when the cart changes: an order attempt may be repeated with the same key until then. */
      revision: number;
      /** Each line as the page last read it (its version), for the order to name. */
      lines: { id: string; version: string }[];
      /**
       * Puts the order's `items[index].field` violations on their rows, and marks the lines the
       * server says changed (reading them again); returns the violations that name no row.
       */
      applyViolations: (violations: readonly Violation[]) => Violation[];
    }
  | { ok: false; message: string };
