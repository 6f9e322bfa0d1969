import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';

import {
  type CartItem,
  type CartItemList,
  type CartLineSummary,
  CHECKOUT_INCOMPLETE_MESSAGE,
  EMPTY_CART_MESSAGE,
} from '#contract/cart.ts';
import type { Violation } from '#contract/errors.ts';
import { hostnameToUnicode } from '#contract/idna.ts';
import { parseViolationPath } from '#contract/violation-path.ts';
import type { SummaryProblem } from '#src/components/error-summary.tsx';

import { settleCartSaves, useUpdateCartItem } from '../api/mutations.ts';
import { cartQueries } from '../api/queries.ts';
import { type CartDrafts, CartEdits } from '../cart-edits.ts';
import {
  cartFieldId,
  cartLineId,
  EDITABLE_FIELDS,
  type EditableField,
  FIELD_LABELS,
  itemViolations,
  missingFieldErrors,
  type RowErrors,
} from '../row-errors.ts';

interface CheckedRow {
  id: string;
  hostname: string;
}

/** A line the server named as changed (or gone) when it refused an order. */
interface ChangedLine {
  message: string;
  hostname: string;
}

interface SummaryRow extends CheckedRow {
  /** 1-based. */
  position: number;
}

/**
 * The rows' errors as an error summary lists them: cart order, then column order. A value typed
 * and not saved (`drafts`) shows its own error, which is the one its field shows.
 */
export function rowProblemsOf(
  rows: readonly CheckedRow[],
  errors: RowErrors,
  reveal?: (position: number) => void,
  drafts: CartDrafts = {},
  changed: Readonly<Record<string, ChangedLine>> = {},
): SummaryProblem[] {
  const listed: SummaryRow[] = rows.map((row, index) => ({ ...row, position: index + 1 }));
  const known = new Set(rows.map((row) => row.id));
  for (const [id, draft] of Object.entries(drafts)) {
    if (!known.has(id)) listed.push({ id, hostname: draft.hostname, position: draft.position });
  }
  listed.sort((a, b) => a.position - b.position);
  const problems: SummaryProblem[] = [];
  for (const row of listed) {
    const where = `Row ${row.position}, ${hostnameToUnicode(row.hostname)}`;
    const show = reveal ? () => reveal(row.position - 1) : undefined;
    const line = changed[row.id];
    if (line) {
      problems.push({
        key: `${row.id}:line`,
        label: where,
        message: line.message,
        targetId: cartLineId(row.id),
        reveal: show,
      });
    }
    for (const field of EDITABLE_FIELDS) {
      const message = drafts[row.id]?.fields[field]?.message ?? errors[row.id]?.[field];
      if (!message) continue;
      problems.push({
        key: `${row.id}:${field}`,
        label: `${where} · ${FIELD_LABELS[field]}`,
        message,
        targetId: cartFieldId(row.id, field),
        reveal: show,
      });
    }
  }
  // Lines gone from the cart have no row left to lead to.
  for (const [id, line] of Object.entries(changed)) {
    if (listed.some((row) => row.id === id)) continue;
    problems.push({
      key: `${id}:line`,
      label: line.hostname ? hostnameToUnicode(line.hostname) : undefined,
      message: line.message,
    });
  }
  return problems;
}

/** The items of the cart's pages on screen now, as the page last read them. */
function itemsOnScreen(queryClient: QueryClient): Map<string, CartItem> {
  const shown = new Map<string, CartItem>();
  const queries = queryClient
    .getQueryCache()
    .findAll({ queryKey: cartQueries.itemPages(), type: 'active' });
  for (const query of queries) {
    for (const item of (query.state.data as CartItemList | undefined)?.data ?? []) {
      shown.set(item.id, item);
    }
  }
  return shown;
}

/**
 * The lines an order names (decision 188): every line of the cart's answer, at the version the
 * page shows it, or, for a line on a page not shown, at the version the answer gives; and the
 * lines shown that the answer no longer holds, so the server can say so.
 */
function linesToOrder(lines: readonly CartLineSummary[], shown: Map<string, CartItem>) {
  const named = lines.map((line) => ({
    id: line.id,
    version: shown.get(line.id)?.version ?? line.version,
  }));
  const held = new Set(lines.map((line) => line.id));
  for (const item of shown.values()) {
    if (!held.has(item.id)) named.push({ id: item.id, version: item.version });
  }
  return named;
}

/** The id of the line a violation says changed or left the cart: `items[i]` or `lines[i]`. */
function changedLineOf(violation: Violation): string | null {
  const segments = parseViolationPath(violation.path);
  if (!segments || segments.length !== 2 || typeof segments[1] !== 'number') return null;
  if (segments[0] !== 'items' && segments[0] !== 'lines') return null;
  const id = violation.parameters?.id;
  return typeof id === 'string' ? id : null;
}

/** Why the rows hold an order back, or that they do not. */
export type RowsCheck = { ok: true } | { ok: false; message: string };

/**
 * The rows' side of placing an order, given the cart's lines as checkout's answer lists them
 * (`CartDefaults.lines`): before it, every line is checked for its required fields and for values
 * typed that the server does not hold; after a refusal, the server's row violations are shown
 * under their fields and lines it says changed are marked and read again. Each error stays until
 * its field is valid, and the rows' problems are offered to the checkout's error summary.
 */
export function useCartRows(options: { onErrorAt?: (position: number) => void } = {}) {
  const { onErrorAt } = options;
  const queryClient = useQueryClient();
  const [rowErrors, setRowErrors] = useState<RowErrors>({});
  const [rows, setRows] = useState<CheckedRow[]>([]);
  const [isChecked, setChecked] = useState(false);
  const [changed, setChanged] = useState<Record<string, ChangedLine>>({});
  const { mutate: updateItem } = useUpdateCartItem();
  const [edits] = useState(() => new CartEdits());
  const drafts = useSyncExternalStore(edits.subscribe, edits.snapshot, edits.snapshot);

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

  const forgetRow = useCallback(
    (id: string) => {
      edits.forget(id);
      setRowErrors((current) => {
        if (!current[id]) return current;
        const rest = { ...current };
        delete rest[id];
        return rest;
      });
    },
    [edits],
  );

  /** Resolves once every value typed before pressing the button is saved or refused. */
  const settle = useCallback(async () => {
    await settleCartSaves(queryClient);
    await edits.whenSaved();
  }, [queryClient, edits]);

  /** Marks what the lines lack and what was typed and not held; says whether the order may go. */
  const check = useCallback(
    (lines: readonly CartLineSummary[]): RowsCheck => {
      const orderedIds = lines.map((line) => line.id);
      edits.keepOnly(new Set(orderedIds));
      setRows(lines.map((line) => ({ id: line.id, hostname: line.hostname })));
      setChecked(true);
      setChanged({});
      if (lines.length === 0) {
        setRowErrors({});
        return { ok: false, message: EMPTY_CART_MESSAGE };
      }
      const errors = missingFieldErrors(lines);
      setRowErrors(errors);
      // Values typed and not saved hold the order back as much as missing ones.
      const typed = edits.snapshot();
      const position = orderedIds.findIndex(
        (id) =>
          Object.keys(errors[id] ?? {}).length > 0 ||
          Object.keys(typed[id]?.fields ?? {}).length > 0,
      );
      if (position < 0) return { ok: true };
      onErrorAt?.(position);
      return { ok: false, message: CHECKOUT_INCOMPLETE_MESSAGE };
    },
    [edits, onErrorAt],
  );

  /**
   * Puts an order's `items[index].field` violations on their rows, and marks the lines the server
   * says changed (reading them again); returns the violations that name no row.
   */
  const applyViolations = useCallback(
    (violations: readonly Violation[], lines: readonly CartLineSummary[]): Violation[] => {
      const orderedIds = lines.map((line) => line.id);
      const hostnames = new Map(lines.map((line) => [line.id, line.hostname]));
      const marked: Record<string, ChangedLine> = {};
      const rest: Violation[] = [];
      for (const violation of violations) {
        const id = changedLineOf(violation);
        if (id === null) {
          rest.push(violation);
          continue;
        }
        const site = violation.parameters?.site;
        marked[id] = {
          message: violation.message,
          hostname: typeof site === 'string' ? site : (hostnames.get(id) ?? ''),
        };
      }
      const result = itemViolations(rest, orderedIds);
      setRowErrors(result.errors);
      setChanged(marked);
      for (const [id, value] of Object.entries(result.corrections)) {
        updateItem({ id, patch: { target_url: value } });
      }
      if (Object.keys(marked).length > 0) {
        // The buyer sees the lines as they are now before ordering them.
        void queryClient.invalidateQueries({ queryKey: cartQueries.all() });
      }
      const first = orderedIds.findIndex(
        (id) => marked[id] !== undefined || Object.keys(result.errors[id] ?? {}).length > 0,
      );
      if (first >= 0) onErrorAt?.(first);
      return result.unmatched;
    },
    [queryClient, onErrorAt, updateItem],
  );

  /** The lines an order of `lines` names, each at the version the page shows. */
  const orderLines = useCallback(
    (lines: readonly CartLineSummary[]) => linesToOrder(lines, itemsOnScreen(queryClient)),
    [queryClient],
  );

  const rowProblems = useMemo(
    () => (isChecked ? rowProblemsOf(rows, rowErrors, onErrorAt, drafts, changed) : []),
    [isChecked, rows, rowErrors, onErrorAt, drafts, changed],
  );
  const changedLines = useMemo(
    () => Object.fromEntries(Object.entries(changed).map(([id, line]) => [id, line.message])),
    [changed],
  );

  return {
    /** What the cart's rows show: pass to `CartItemsSection`. */
    section: {
      rowErrors,
      onFieldChecked: updateFieldError,
      onRowRemoved: forgetRow,
      edits,
      changedLines,
    },
    rowProblems,
    settle,
    check,
    applyViolations,
    orderLines,
  };
}
