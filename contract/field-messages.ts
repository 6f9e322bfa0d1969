// The words a buyer reads when a form field's text is empty, too short or too long. A field's
// string schema takes `fieldWords(...)` as its `error`, so every length check on it (whatever
// its bounds) speaks of the field, in the browser and in the API's violations alike. The spec's
// generic messages (schema-messages.ts) remain only for what no field names (decision 177).
import type { $ZodRawIssue } from 'zod/v4/core';

export interface FieldWordsOptions {
  /** Said when the field is left empty, such as 'Write your feedback.' */
  empty?: string;
  /** Said when the text is shorter than its minimum (above one), such as 'Use at least 12 characters.' */
  short?: string;
}

/** 2000 → "2,000", without the browser's locale data. */
export function formatCount(count: number | bigint): string {
  const digits = String(count);
  let text = '';
  for (let end = digits.length; end > 0; end -= 3) {
    text = digits.slice(Math.max(0, end - 3), end) + (text ? `,${text}` : '');
  }
  return text;
}

/**
 * The error map of one text field: `label` names it at the start of a sentence ('First name').
 * Issues other than a string's length keep their own or the generic message.
 */
export function fieldWords(label: string, options: FieldWordsOptions = {}) {
  return (issue: $ZodRawIssue): string | undefined => {
    if (issue.code === 'invalid_type' && issue.input === undefined && options.empty) {
      return options.empty;
    }
    if (issue.code === 'too_small' && issue.origin === 'string') {
      if (Number(issue.minimum) <= 1) return options.empty ?? `${label} cannot be empty.`;
      return options.short ?? `${label} needs at least ${formatCount(issue.minimum)} characters.`;
    }
    if (issue.code === 'too_big' && issue.origin === 'string') {
      return `${label} can be at most ${formatCount(issue.maximum)} characters.`;
    }
    return undefined;
  };
}

/** The words of a list's length: 'You can add at most 20 topics.' */
export function listWords(noun: string) {
  return (issue: $ZodRawIssue): string | undefined => {
    if (issue.code === 'too_big' && issue.origin === 'array') {
      return `You can add at most ${formatCount(issue.maximum)} ${noun}.`;
    }
    return undefined;
  };
}
