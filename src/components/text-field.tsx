import { type ComponentPropsWithoutRef, type ReactNode, type Ref, useId } from 'react';

import { formatCount } from '#contract/field-messages.ts';

import { cx } from '../utils/class-names.ts';
import { FieldHints, useFieldIds } from './field-hints.tsx';

export const inputClasses =
  'block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 ' +
  'placeholder:text-slate-400 focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600 ' +
  'aria-invalid:ring-red-400 aria-invalid:focus:outline-red-600 disabled:bg-slate-50 disabled:text-slate-500';

export interface FieldTextProps {
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  className?: string;
  /** The label stays for screen readers only. */
  hideLabel?: boolean;
  /**
   * A live count of the text's characters against its limit ("120 / 2,000"). The control takes
   * more than the limit, so nothing typed or pasted is cut; the count says how many are too many.
   */
  counter?: { count: number; max: number };
}

export interface TextFieldProps
  extends Omit<ComponentPropsWithoutRef<'input'>, 'className'>, FieldTextProps {
  ref?: Ref<HTMLInputElement>;
}

export interface TextAreaFieldProps
  extends Omit<ComponentPropsWithoutRef<'textarea'>, 'className'>, FieldTextProps {
  ref?: Ref<HTMLTextAreaElement>;
}

/** The attributes that tie a control to its label and hints. */
export interface ControlWiring {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/**
 * A label above a control and hints below it, for any control a field component draws. The label
 * names the control, the description and error describe it (aria-describedby), and an error
 * marks it aria-invalid. Takes the field's own props and the control's; gives the control's
 * props, wired, to `control`.
 */
export function LabelledControl<TControlProps extends object>({
  field: { label, description, error, className, hideLabel, counter },
  controlProps: { id, 'aria-describedby': describedBy, ...controlProps },
  control,
}: {
  field: FieldTextProps;
  controlProps: TControlProps & { id?: string; 'aria-describedby'?: string };
  control: (props: Omit<TControlProps, 'id' | 'aria-describedby'> & ControlWiring) => ReactNode;
}) {
  const counterId = `${useId()}-counter`;
  const ids = useFieldIds({
    id,
    hasDescription: Boolean(description),
    hasError: Boolean(error),
    describedBy:
      [counter ? counterId : undefined, describedBy].filter(Boolean).join(' ') || undefined,
  });
  return (
    <div className={cx('space-y-1.5', className)}>
      <label
        htmlFor={ids.controlId}
        className={hideLabel ? 'sr-only' : 'block text-sm font-medium text-slate-800'}
      >
        {label}
      </label>
      {control({
        ...controlProps,
        id: ids.controlId,
        'aria-describedby': ids.describedBy,
        'aria-invalid': error ? true : undefined,
      })}
      <FieldHints
        description={description}
        descriptionId={ids.descriptionId}
        error={error}
        errorId={ids.errorId}
      />
      {counter ? <CharacterCounter id={counterId} {...counter} /> : null}
    </div>
  );
}

/** "120 / 2,000" under a field; red, with how many are too many, past the limit. */
function CharacterCounter({ id, count, max }: { id: string; count: number; max: number }) {
  const over = count - max;
  return (
    <p
      id={id}
      className={cx(
        'text-right text-xs tabular-nums',
        over > 0 ? 'font-medium text-red-600' : 'text-slate-500',
      )}
    >
      {`${formatCount(count)} / ${formatCount(max)} `}
      <span className="sr-only">characters</span>
      {over > 0 ? ` · ${formatCount(over)} too many` : null}
    </p>
  );
}

/** A labelled text input. */
export function TextField({
  label,
  description,
  error,
  className,
  hideLabel,
  counter,
  ref,
  ...inputProps
}: TextFieldProps) {
  return (
    <LabelledControl
      field={{ label, description, error, className, hideLabel, counter }}
      controlProps={inputProps}
      control={(props) => <input ref={ref} {...props} className={inputClasses} />}
    />
  );
}

/** A labelled text area. */
export function TextAreaField({
  label,
  description,
  error,
  className,
  hideLabel,
  counter,
  ref,
  ...textAreaProps
}: TextAreaFieldProps) {
  return (
    <LabelledControl
      field={{ label, description, error, className, hideLabel, counter }}
      controlProps={textAreaProps}
      control={(props) => <textarea ref={ref} {...props} className={inputClasses} />}
    />
  );
}
