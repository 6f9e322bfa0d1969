import type { PasswordStrength } from '#contract/password-policy.ts';
import { cx } from '#src/utils/class-names.ts';

const LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;
const BAR_COLOURS = [
  'bg-red-500',
  'bg-red-500',
  'bg-amber-500',
  'bg-emerald-500',
  'bg-emerald-600',
] as const;

/** Four bars and a word for the strength of a new password, with zxcvbn's hint when weak. */
export function PasswordStrengthMeter({
  strength,
  id,
}: {
  strength: PasswordStrength | null;
  id: string;
}) {
  const filled = strength ? Math.max(1, strength.score) : 0;
  return (
    <div id={id} className="space-y-1" aria-live="polite">
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className={cx(
              'h-1.5 flex-1 rounded-full',
              strength && bar <= filled ? BAR_COLOURS[strength.score] : 'bg-slate-200',
            )}
          />
        ))}
      </div>
      <p className="text-xs text-slate-600">
        {strength ? (
          <>
            Strength: <span className="font-medium text-slate-800">{LABELS[strength.score]}</span>
            {strength.isAcceptable ? null : (
              <> · {strength.warning ?? 'Too easy to guess. Add more unrelated words.'}</>
            )}
          </>
        ) : (
          'Use at least 12 characters; a phrase of unrelated words is strong and easy to remember.'
        )}
      </p>
    </div>
  );
}
