/**
 * Dates the buyer types: always DD/MM/YYYY on screen (spec §9), whatever the browser's locale,
 * and YYYY-MM-DD on the wire (spec §5).
 */
import { DUE_DATE_IN_PAST_MESSAGE, dueDateProblem } from '#contract/cart.ts';

import { DATE_FORMAT } from '../config/constants.ts';

export const DATE_INPUT_PLACEHOLDER = DATE_FORMAT;
const EXAMPLE_DAYS_AHEAD = 7;

/** A date a week from `now`, as the field shows it: an example that is never in the past. */
function exampleDate(now: Date): string {
  const later = new Date(now.getFullYear(), now.getMonth(), now.getDate() + EXAMPLE_DAYS_AHEAD);
  return toDateInput(localToday(later));
}

export function dateFormatMessage(now = new Date()): string {
  return `Enter the date as DD/MM/YYYY, for example ${exampleDate(now)}.`;
}

export function dateNotRealMessage(now = new Date()): string {
  return `Enter a real date, for example ${exampleDate(now)}.`;
}

export type DateInputResult = { ok: true; value: string } | { ok: false; message: string };

const TYPED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
/** Eight digits, as a phone's number pad types them: DDMMYYYY. */
const DIGITS_ONLY = /^(\d{2})(\d{2})(\d{4})$/;
const WIRE = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1000 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/**
 * Reads a typed date ('24/11/2026'; '.' or '-' between the parts, single-digit day or month, and
 * the eight digits '24112026' a phone's number pad can type are taken too) as YYYY-MM-DD. An
 * empty field is an empty value.
 */
export function parseDateInput(text: string, now = new Date()): DateInputResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: '' };
  const match = TYPED.exec(trimmed) ?? DIGITS_ONLY.exec(trimmed);
  if (!match) return { ok: false, message: dateFormatMessage(now) };
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isRealDate(year, month, day)) return { ok: false, message: dateNotRealMessage(now) };
  return { ok: true, value: `${pad(year, 4)}-${pad(month)}-${pad(day)}` };
}

export const DATE_IN_PAST_MESSAGE = DUE_DATE_IN_PAST_MESSAGE;

/**
 * A date that must not lie before `today` (YYYY-MM-DD, the buyer's own calendar day), such as
 * the date an article should be published by. The rule is the contract's, which the server
 * applies with its own clock (decision 132).
 */
export function parseFutureDateInput(text: string, today: string): DateInputResult {
  const result = parseDateInput(text);
  if (!result.ok || result.value === '') return result;
  const problem = dueDateProblem(result.value, today);
  return problem ? { ok: false, message: problem } : result;
}

/** Today in the buyer's own calendar, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A wire date (YYYY-MM-DD) as the field shows it; anything else is shown as it is. */
export function toDateInput(value: string | null | undefined): string {
  if (!value) return '';
  const match = WIRE.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}
