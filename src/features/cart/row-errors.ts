/**
 * Errors of cart rows at checkout (spec §3 "Cart list state": a per-item error map): the required
 * fields the client finds missing, and the server's `items[index].field` violations.
 */
import {
  type CartItem,
  type CheckoutField,
  correctedValueOf,
  MAX_TEXT_LENGTH,
  missingCheckoutFields,
  normalizeTargetUrl,
  NOT_BLANK_MESSAGE,
  POSITIVE_INTEGER_MESSAGE,
  PROVIDE_PLAN_SLUG,
  wordCountMessage,
} from '#contract/cart.ts';
import type { Violation } from '#contract/errors.ts';
import type { ContentProductPlan } from '#contract/reference-data.ts';
import { parseViolationPath } from '#contract/violation-path.ts';
import { localToday, parseFutureDateInput } from '#src/utils/date-input.ts';

export const EDITABLE_FIELDS = [
  'anchor_text',
  'target_url',
  'topic',
  'comments',
  'custom_id',
  'publishing_due_date',
  'is_topic_needs_approval',
  'word_count',
] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

/** The column names, as the cart table and the error summary show them. */
export const FIELD_LABELS: Record<EditableField, string> = {
  anchor_text: 'Anchor text',
  target_url: 'Target URL',
  topic: 'Topic',
  comments: 'Comments',
  custom_id: 'Custom ID',
  publishing_due_date: 'Publishing due date',
  is_topic_needs_approval: 'Topic needs approval',
  word_count: 'Word count',
};

/**
 * The longest text each free-text field takes: the server's own rule (`MAX_TEXT_LENGTH` in the
 * contract, counted as `textLength` counts). The target URL's length is checked by
 * `normalizeTargetUrl`.
 */
export const TEXT_LIMITS: Partial<Record<EditableField, number>> = {
  anchor_text: MAX_TEXT_LENGTH.anchor_text,
  topic: MAX_TEXT_LENGTH.topic,
  comments: MAX_TEXT_LENGTH.comments,
};

/** A text's length as the server's schema counts it: in characters (code points), so an emoji
 * is one. */
export function textLength(value: string): number {
  let length = 0;
  for (const _character of value) length += 1;
  return length;
}

/**
 * Why a typed text is too long to be saved; undefined when it fits. A longer text is refused,
 * never cut: the buyer decides what to drop.
 */
export function textLengthError(field: EditableField, value: string): string | undefined {
  const max = TEXT_LIMITS[field];
  if (max === undefined || value.length <= max) return undefined;
  const length = textLength(value);
  if (length <= max) return undefined;
  return `${FIELD_LABELS[field]} must be at most ${max} characters; this one has ${length}.`;
}

/** The DOM id of a row's field, so an error summary can lead to it. */
export function cartFieldId(itemId: string, field: EditableField): string {
  return `cart-item-${itemId}-${field}`;
}

/** The DOM id of a row's own note (the line changed since the page showed it). */
export function cartLineId(itemId: string): string {
  return `cart-item-${itemId}-line`;
}

/** The word counts a plan allows: at least `min`, at most `max` (null: no bound). */
export function wordCountRange(plan: ContentProductPlan): {
  min: number | null;
  max: number | null;
} {
  return {
    min: plan.min_words_amount,
    max: plan.is_max_words_amount_exceed_allowed ? null : plan.max_words_amount,
  };
}

/** The one word count a plan allows, or null when it allows a choice. */
export function fixedWordCount(plan: ContentProductPlan | null): number | null {
  if (!plan || plan.slug === PROVIDE_PLAN_SLUG) return null;
  const { min, max } = wordCountRange(plan);
  return min !== null && min === max ? min : null;
}

/** Why a typed word count cannot be saved for this plan; undefined when it can. */
export function wordCountError(plan: ContentProductPlan | null, value: string): string | undefined {
  // 'provide' has no word count.
  if (!plan || plan.slug === PROVIDE_PLAN_SLUG) return undefined;
  const text = value.trim();
  if (text === '') return NOT_BLANK_MESSAGE;
  const number = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(number) || number < 1) {
    return POSITIVE_INTEGER_MESSAGE;
  }
  const { min, max } = wordCountRange(plan);
  if ((min !== null && number < min) || (max !== null && number > max)) {
    return wordCountMessage(min, max);
  }
  return undefined;
}

export type FieldErrors = Partial<Record<EditableField, string>>;
/** By cart item id. */
export type RowErrors = Record<string, FieldErrors>;

export function isEditableField(value: unknown): value is EditableField {
  return typeof value === 'string' && (EDITABLE_FIELDS as readonly string[]).includes(value);
}

/**
 * Spec §5: each line's missing required fields (as checkout's answer lists them,
 * `CartLineSummary.missing`), marked 'This value should not be blank.'.
 */
export function missingFieldErrors(
  lines: readonly { id: string; missing: readonly CheckoutField[] }[],
): RowErrors {
  const errors: RowErrors = {};
  for (const line of lines) {
    if (line.missing.length === 0) continue;
    errors[line.id] = Object.fromEntries(line.missing.map((field) => [field, NOT_BLANK_MESSAGE]));
  }
  return errors;
}

export interface ItemViolations {
  errors: RowErrors;
  /** Target URLs the server corrected, by item id, without their quotes. */
  corrections: Record<string, string>;
  /** Violations that name no row of the cart. */
  unmatched: Violation[];
}

/**
 * Places `items[index].field` violations on the item at that position of the cart list (newest
 * first, as the server counts). The first message per field wins.
 */
export function itemViolations(
  violations: readonly Violation[],
  orderedIds: readonly string[],
): ItemViolations {
  const result: ItemViolations = { errors: {}, corrections: {}, unmatched: [] };
  for (const violation of violations) {
    const segments = parseViolationPath(violation.path);
    const [root, index, field] = segments ?? [];
    const id = typeof index === 'number' ? orderedIds[index] : undefined;
    if (root !== 'items' || id === undefined || !isEditableField(field)) {
      result.unmatched.push(violation);
      continue;
    }
    const row = (result.errors[id] ??= {});
    row[field] ??= violation.message;
    if (field === 'target_url') {
      const corrected = correctedValueOf(violation.parameters);
      if (corrected) result.corrections[id] = corrected;
    }
  }
  return result;
}

/** The position (0-based, in cart order) of the first row with an error, or -1. */
export function firstErrorPosition(errors: RowErrors, orderedIds: readonly string[]): number {
  return orderedIds.findIndex((id) => Object.keys(errors[id] ?? {}).length > 0);
}

/**
 * A field's error while the buyer fixes it, from what is typed now (the publishing due date as
 * shown, DD/MM/YYYY): the text's length, the required-field rule of spec §5, the field's own
 * format and the word count its plan allows; undefined
 * once the value is acceptable. Rules only the server knows are checked again when it is saved.
 */
export function liveFieldError(
  item: CartItem,
  field: EditableField,
  value: string,
): string | undefined {
  const tooLong = textLengthError(field, value);
  if (tooLong) return tooLong;
  if (field === 'anchor_text' || field === 'target_url' || field === 'topic') {
    if (missingCheckoutFields({ ...item, [field]: value }).includes(field)) {
      return NOT_BLANK_MESSAGE;
    }
  }
  if (field === 'target_url') {
    const result = normalizeTargetUrl(value);
    return result.ok ? undefined : result.message;
  }
  if (field === 'publishing_due_date') {
    const result = parseFutureDateInput(value, localToday());
    return result.ok ? undefined : result.message;
  }
  if (field === 'word_count') return wordCountError(item.content_product_plan, value);
  return undefined;
}
