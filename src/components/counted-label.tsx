/**
 * A menu entry's `label` with a red count beside it, read as one piece of hidden text
 * ("Link monitoring, 4 issues open"): a hidden ", 4 issues open" after the visible label read
 * as "Link monitoring , 4 issues open", browsers taking a visually hidden span for a block.
 * The label alone when the count is 0.
 */
export function CountedLabel({
  label,
  count,
  spoken,
  testId,
}: {
  label: string;
  count: number;
  /** What the count means, in words: "4 issues open". */
  spoken: string;
  testId: string;
}) {
  if (count <= 0) return label;
  return (
    <>
      <span className="sr-only">{`${label}, ${spoken}`}</span>
      <span aria-hidden="true">
        {label}{' '}
        <span
          data-testid={testId}
          className="inline-flex min-w-5 justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white tabular-nums"
        >
          {count}
        </span>
      </span>
    </>
  );
}
