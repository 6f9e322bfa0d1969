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

/** What the sign-in pages say of an e-mail address left empty or not one. */
export const EMAIL_EMPTY_MESSAGE = 'Enter your e-mail address.';
export const EMAIL_INVALID_MESSAGE = 'Enter a valid e-mail address, like name@example.com.';
/** What the sign-in card says of a password left empty. */
export const PASSWORD_EMPTY_MESSAGE = 'Enter your password.';
/** What a form that asks for a new password twice says when the second is left empty. */
export const PASSWORD_REPEAT_EMPTY_MESSAGE = 'Enter the password again.';

/**
 * The error map of an e-mail address the buyer types for themselves: empty (or only spaces), not
 * an address, or too long. Other issues keep the generic message.
 */
export function emailWords(issue: $ZodRawIssue): string | undefined {
  const { input } = issue;
  if (input === undefined || (typeof input === 'string' && input.trim() === '')) {
    return EMAIL_EMPTY_MESSAGE;
  }
  if (issue.code === 'invalid_format') return EMAIL_INVALID_MESSAGE;
  return fieldWords('An e-mail address')(issue);
}
