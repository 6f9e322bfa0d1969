import { type ReactNode, useEffect, useId, useRef } from 'react';

import { cx } from '../utils/class-names.ts';
import { AlertIcon } from './icons.tsx';

/** One problem of a form: its text, and the field that fixes it when there is one. */
export interface SummaryProblem {
  key: string;
  message: string;
  /** Where the field is, e.g. "Row 2, example.com · Anchor text" or "City". */
  label?: string;
  /** The DOM id of the field (or of a group holding it). */
  targetId?: string;
  /** Brings the field onto the screen first, e.g. by turning to its page of a list. */
  reveal?: () => void;
}

const FOCUSABLE =
  'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

const MAX_WAIT_FRAMES = 60;

/**
 * Focuses the field with this id and scrolls it to the middle of every scroll box around it,
 * sideways too, so a field in a wide table is not left hidden. Waits a few frames for a field
 * that `reveal` is still rendering.
 */
export function focusField(targetId: string, frames = MAX_WAIT_FRAMES): void {
  const element = document.getElementById(targetId);
  if (!element) {
    if (frames > 0) requestAnimationFrame(() => focusField(targetId, frames - 1));
    return;
  }
  const field = element.matches(FOCUSABLE)
    ? element
    : (element.querySelector<HTMLElement>(`[aria-checked="true"], ${FOCUSABLE}`) ?? element);
  field.focus({ preventScroll: true });
  field.scrollIntoView?.({ block: 'center', inline: 'center' });
}

/** Moves focus to a summary from elsewhere on the page, e.g. a note beside the submit button. */
export function focusSummary(id: string): void {
  const summary = document.getElementById(id);
  summary?.focus({ preventScroll: true });
  summary?.scrollIntoView?.({ block: 'start' });
}

export const problemCountText = (count: number) =>
  `${count} ${count === 1 ? 'problem prevents' : 'problems prevent'} the order`;

/**
 * The problems that stop a form, listed at one place: a heading that counts them, an optional
 * introduction (a fixed message), and each problem as a link to its field. After a failed submit,
 * the caller changes `focusRequest` and focus moves to the summary, so a screen reader reads it
 * and the keyboard goes on from there.
 */
export function ErrorSummary({
  id,
  problems,
  intro,
  focusRequest,
  heading = problemCountText,
  className,
}: {
  id?: string;
  problems: readonly SummaryProblem[];
  intro?: ReactNode;
  /** Focus moves to the summary each time this number changes (and is above 0); set it in the
   * same update that shows the problems. */
  focusRequest: number;
  heading?: (count: number) => string;
  className?: string;
}) {
  const headingId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const isShown = problems.length > 0;

  useEffect(() => {
    if (focusRequest > 0 && ref.current) {
      ref.current.focus({ preventScroll: true });
      ref.current.scrollIntoView?.({ block: 'start' });
    }
  }, [focusRequest]);

  if (!isShown) return null;
  return (
    <div
      ref={ref}
      id={id}
      role="region"
      aria-labelledby={headingId}
      tabIndex={-1}
      data-testid="error-summary"
      className={cx(
        'scroll-mt-20 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900',
        'focus:outline-2 focus:outline-offset-2 focus:outline-red-600',
        className,
      )}
    >
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
        <AlertIcon className="size-4 shrink-0" />
        {heading(problems.length)}
      </h2>
      {intro ? <p className="mt-1">{intro}</p> : null}
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {problems.map((problem) => (
          <li key={problem.key}>
            {problem.targetId ? (
              <a
                href={`#${problem.targetId}`}
                className="font-medium break-words underline underline-offset-2 hover:text-red-700"
                onClick={(event) => {
                  event.preventDefault();
                  const targetId = problem.targetId as string;
                  problem.reveal?.();
                  focusField(targetId);
                }}
              >
                {problem.label ? `${problem.label}: ` : ''}
                {problem.message}
              </a>
            ) : (
              <span className="break-words">
                {problem.label ? `${problem.label}: ` : ''}
                {problem.message}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
